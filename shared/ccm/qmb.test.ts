import { describe, expect, it } from 'vitest';
import { qmbCheckOn, qmbInMonth, type QmbCheck } from './qmb';

const check = (status: boolean, checked_on: string): QmbCheck => ({ status, checked_on });

describe('qmbInMonth', () => {
  it('is false for a patient never checked', () => {
    expect(qmbInMonth([], '2026-11')).toBe(false);
  });

  it("prices a past month with the status checked by its end, not today's", () => {
    const checks = [check(false, '2026-03-10'), check(true, '2026-09-01')];
    expect(qmbInMonth(checks, '2026-08')).toBe(false);
    expect(qmbInMonth(checks, '2026-09')).toBe(true);
    expect(qmbInMonth(checks, '2026-12')).toBe(true);
  });

  it("counts a check on the month's last day for that month, and none made after it", () => {
    expect(qmbInMonth([check(true, '2026-11-30')], '2026-11')).toBe(true);
    expect(qmbInMonth([check(true, '2026-12-01')], '2026-11')).toBe(false);
    expect(qmbInMonth([check(true, '2024-02-29')], '2024-02')).toBe(true);
  });

  it('is false before the first check, even when a later one found the patient a QMB', () => {
    expect(qmbInMonth([check(true, '2026-10-05')], '2026-09')).toBe(false);
  });

  it('takes the latest check by its day, whatever order the checks were recorded in', () => {
    const checks = [check(false, '2026-10-20'), check(true, '2026-10-02')];
    expect(qmbInMonth(checks, '2026-10')).toBe(false);
  });
});

describe('qmbCheckOn', () => {
  it('takes the check recorded last of two on the same day', () => {
    const first = check(true, '2026-10-02');
    const corrected = check(false, '2026-10-02');
    expect(qmbCheckOn([first, corrected], '2026-10-31')).toBe(corrected);
  });

  it('is null when nothing was checked by the day', () => {
    expect(qmbCheckOn([check(true, '2026-10-02')], '2026-10-01')).toBeNull();
  });
});
