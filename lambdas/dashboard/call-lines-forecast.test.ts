import { describe, expect, it } from 'vitest';
import type { CallLinesForecast } from '../../shared/call-lines';
import type { Actor } from '../kernel/actor';
import { forecastCallLinesJob, getCallLinesForecast } from './call-lines-forecast';
import type { CallLinesForecastStore } from './ports';

const NOW = new Date('2026-11-27T08:15:00Z');

/** The pending list in pages as the store reads it, and the one stored item. */
function store(pages: string[][]) {
  const asked: [string, string][] = [];
  let saved: CallLinesForecast | null = null;
  const forecasts: CallLinesForecastStore = {
    async *dueTimes(from, to) {
      asked.push([from, to]);
      for (const page of pages) yield page;
    },
    save: async (forecast) => {
      saved = forecast;
    },
    read: async () => saved,
  };
  return { forecasts, asked, saved: () => saved };
}

const at = (iso: string, n: number) => Array.from({ length: n }, () => iso);
const operator: Actor = { userId: 'op', email: 'op@example.test', role: 'careloop_employee', providerId: null };
const nurse: Actor = { userId: 'n', email: 'n@example.test', role: 'provider', providerId: 'org-1' };

describe('forecastCallLinesJob', () => {
  it('reads the 30 days from today midnight UTC and adds up every page before forecasting', async () => {
    // 250 calls at 14:00 on 1 Dec, in two pages: 500 × 257 s / 3 h = 11.9 → 12, plus 2 for people.
    const s = store([
      at('2026-12-01T14:00:00.000Z', 250),
      [...at('2026-12-01T14:30:00.000Z', 250), '2026-11-28T16:00:00.000Z'],
    ]);
    const forecast = await forecastCallLinesJob({ forecasts: s.forecasts, clock: { now: () => NOW }, callLines: 10 });
    expect(s.asked).toEqual([['2026-11-27T00:00:00.000Z', '2026-12-27T00:00:00.000Z']]);
    expect(forecast).toMatchObject({
      computed_at: NOW.toISOString(),
      budget: 10,
      mean_call_seconds: 257,
      window_hours: 3,
      total_calls: 501,
      peak: { hour: '2026-12-01T14:00:00.000Z', calls: 500, slots_needed: 14 },
    });
    expect(forecast.days).toHaveLength(30);
    expect(forecast.days[1]).toEqual({
      date: '2026-11-28',
      hour: '2026-11-28T16:00:00.000Z',
      calls: 1,
      slots_needed: 2,
    });
    expect(s.saved()).toEqual(forecast);
  });

  it('stores a forecast without a peak when nothing is scheduled', async () => {
    const s = store([[]]);
    const forecast = await forecastCallLinesJob({ forecasts: s.forecasts, clock: { now: () => NOW }, callLines: 10 });
    expect(forecast).toMatchObject({ total_calls: 0, peak: null });
    expect(forecast.days.every((d) => d.slots_needed === 0)).toBe(true);
  });
});

describe('getCallLinesForecast', () => {
  it('answers null before the job ran, then what it stored', async () => {
    const s = store([at('2026-12-01T14:00:00.000Z', 3)]);
    expect(await getCallLinesForecast(s, operator)).toEqual({ forecast: null });
    const forecast = await forecastCallLinesJob({ forecasts: s.forecasts, clock: { now: () => NOW }, callLines: 10 });
    expect(await getCallLinesForecast(s, operator)).toEqual({ forecast });
  });

  it('refuses provider staff', async () => {
    await expect(getCallLinesForecast(store([]), nurse)).rejects.toMatchObject({ kind: 'forbidden' });
  });
});
