import { describe, expect, it } from 'vitest';
import { monthIn, todayIn } from '../../shared/time-preferences';
import { alertsByPatient, capped, monthsMaybeInWindow, nearThreshold, nearThresholdWindowStart } from './worklist';

describe('the worklist rules', () => {
  it.each([
    [14, null],
    [15, 20],
    [19, 20],
    [20, null],
    [34, null],
    [35, 40],
    [55, 60],
    [59, 60],
    [60, null],
    [95, null],
  ])('%i clinical staff minutes are near threshold %s', (minutes, threshold) => {
    expect(nearThreshold(minutes)).toBe(threshold);
  });

  it.each([
    ['2026-02', '2026-02-22'],
    ['2028-02', '2028-02-23'],
    ['2026-04', '2026-04-24'],
    ['2026-12', '2026-12-25'],
  ])("starts %s's near-threshold window on %s (its last 7 days)", (month, start) => {
    expect(nearThresholdWindowStart(month)).toBe(start);
  });

  it.each([
    ['2026-11-27T14:00:00Z', ['2026-11']],
    ['2026-11-10T14:00:00Z', []],
    // The window opens on the 24th east of UTC before it does in UTC.
    ['2026-11-23T11:00:00Z', ['2026-11']],
    ['2026-11-23T09:00:00Z', []],
    // December has begun east of UTC; November's window is still open in UTC and west of it.
    ['2026-11-30T20:00:00Z', ['2026-11']],
    ['2026-12-01T11:00:00Z', ['2026-11']],
    ['2026-12-01T12:00:00Z', []],
  ])('at %s reads the patient-month rows of %j beside the organization', (at, months) => {
    expect(monthsMaybeInWindow(new Date(at))).toEqual(months);
  });

  it("holds every zone's month whenever that zone is in its window", () => {
    const zones = [
      'Pacific/Kiritimati',
      'Pacific/Auckland',
      'Asia/Kolkata',
      'UTC',
      'America/New_York',
      'Pacific/Honolulu',
      'Etc/GMT+12',
    ];
    for (let h = 0; h < 24 * 10; h++) {
      const now = new Date(Date.UTC(2026, 10, 22, h, 30));
      for (const zone of zones) {
        const month = monthIn(zone, now);
        if (todayIn(zone, now) >= nearThresholdWindowStart(month))
          expect(monthsMaybeInWindow(now), `${zone} ${now.toISOString()}`).toContain(month);
      }
    }
  });

  it('shows the first 10 items and counts the rest', () => {
    const items = Array.from({ length: 13 }, (_, i) => i);
    expect(capped(items)).toEqual({ items: items.slice(0, 10), hidden: 3, complete: true });
    expect(capped([1, 2], false)).toEqual({ items: [1, 2], hidden: 0, complete: false });
  });

  it("lists a patient's readings outside target together, the patient of the newest reading first", () => {
    const alert = (patientId: string, measure: string, callLogId: string, observedAt: string) => ({
      patientId,
      measure,
      note: `${measure} note`,
      callLogId,
      observedAt,
    });
    expect(
      alertsByPatient([
        alert('p-1', 'diastolic', 'c-1', '2026-03-01T10:00:00.000Z'),
        alert('p-1', 'systolic', 'c-3', '2026-03-09T10:00:00.000Z'),
        alert('p-2', 'glucose', 'c-2', '2026-03-05T10:00:00.000Z'),
      ]),
    ).toEqual([
      {
        patientId: 'p-1',
        readings: ['diastolic note', 'systolic note'],
        callLogId: 'c-3',
        observedAt: '2026-03-09T10:00:00.000Z',
      },
      { patientId: 'p-2', readings: ['glucose note'], callLogId: 'c-2', observedAt: '2026-03-05T10:00:00.000Z' },
    ]);
  });
});
