/**
 * The operators' call-lines forecast on the local stack (job: forecast-call-lines, route
 * GET /call-lines/forecast): none before the job ran, then the peak hour of the pending calls.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FORECAST_DAYS, forecastStart, type CallLinesForecastAnswer } from '../../shared/call-lines';
import { call } from '../support/api';
import { expectStatus, operatorToken, sunriseToken, tableOf } from '../support/fixtures';

const stack = inject('stack');
const table = () => tableOf(stack);
let operator: string;

const forecast = async () =>
  expectStatus(await call<CallLinesForecastAnswer>(stack, 'GET', '/call-lines/forecast', { token: operator }), 200)
    .forecast;
const runJob = async () => {
  const res = await fetch(`${stack.awsUrl}/local/jobs/forecast-call-lines/run`, { method: 'POST', body: '{}' });
  expect(res.status).toBe(200);
};

// 500 pending check-ins due in one hour 28 days ahead (03:00 UTC, when no demo organization calls).
const peakHour = new Date(forecastStart(new Date()).getTime() + (28 * 24 + 3) * 3_600_000).toISOString();
const pending = Array.from({ length: 500 }, () => {
  const at = new Date().toISOString();
  return {
    call_log_id: randomUUID(),
    patient_id: randomUUID(),
    provider_id: randomUUID(),
    status: 'scheduled' as const,
    kind: 'monthly' as const,
    list: 'scheduled' as const,
    list_at: peakHour,
    scheduled_at: peakHour,
    time_preference: 'morning' as const,
    created_at: at,
    updated_at: at,
    created_by: 'forecast-test',
    attempt: 0,
    version: 1,
  };
});

beforeAll(async () => {
  operator = await operatorToken(stack);
});

afterAll(async () => {
  await table()
    .entities.callLog.delete(pending.map(({ call_log_id }) => ({ call_log_id })))
    .go();
});

describe('GET /call-lines/forecast', () => {
  it('answers no forecast before the job ran, then the peak hour, its calls and slots against the budget', async () => {
    await table().entities.callLinesForecast.delete({ scope: 'deployment' }).go();
    expect(await forecast()).toBeNull();

    const unfulfilled = await table().entities.callLog.put(pending).go();
    expect(unfulfilled.unprocessed).toEqual([]);
    const before = Date.now();
    await runJob();
    const stored = await forecast();
    expect(stored).not.toBeNull();
    expect(Date.parse(stored!.computed_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(stored).toMatchObject({ mean_call_seconds: 257, window_hours: 3 });
    expect(Number.isInteger(stored!.budget) && stored!.budget >= 1).toBe(true);
    expect(stored!.total_calls).toBeGreaterThanOrEqual(500);
    // 500 × 257 s over the 3-hour window = 11.9 → 12 slots, plus 2 for people: more than the local budget.
    expect(stored!.peak).toMatchObject({ hour: peakHour });
    expect(stored!.peak!.calls).toBeGreaterThanOrEqual(500);
    expect(stored!.peak!.slots_needed).toBeGreaterThanOrEqual(14);
    expect(stored!.days).toHaveLength(FORECAST_DAYS);
    expect(stored!.days[0]!.date).toBe(new Date().toISOString().slice(0, 10));
    expect(stored!.days[28]).toMatchObject({ date: peakHour.slice(0, 10), hour: peakHour });
  });

  it('is for operators: provider staff are refused with 403, nobody signed in with 401', async () => {
    const nurse = await sunriseToken(stack);
    expect((await call(stack, 'GET', '/call-lines/forecast', { token: nurse })).status).toBe(403);
    expect((await call(stack, 'GET', '/call-lines/forecast', {})).status).toBe(401);
  });
});
