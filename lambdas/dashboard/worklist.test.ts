import { describe, expect, it } from 'vitest';
import { alertsByPatient, capped, nearThreshold, nearThresholdWindowStart } from './worklist';

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
