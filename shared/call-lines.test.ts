import { describe, expect, it } from 'vitest';
import {
  CALL_WINDOW_HOURS,
  FORECAST_DAYS,
  MEAN_CALL_SECONDS,
  checkInWindow,
  chooseCheckInDay,
  forecastCallLines,
  hourlyCounts,
  peopleReserve,
  shortBy,
  slotsNeededByHour,
  stableHash,
} from './call-lines';

const times = (at: string, n: number) => Array.from({ length: n }, () => at);

describe('the mean call length', () => {
  it('is the mix of the simulator: 10% no answer 30 s, 10% busy and 10% failed 10 s, 70% answered 6 min', () => {
    // 3 + 1 + 1 + 252 = 257 s.
    expect(MEAN_CALL_SECONDS).toBe(257);
    expect(CALL_WINDOW_HOURS).toBe(3);
  });
});

describe('hourlyCounts', () => {
  const from = new Date('2026-12-01T00:00:00Z');

  it('counts due times per UTC hour from the hour of `from`', () => {
    const counts = hourlyCounts(
      ['2026-12-01T00:00:00.000Z', '2026-12-01T00:59:59.999Z', '2026-12-01T02:30:00.000Z'],
      new Date('2026-12-01T00:40:00Z'),
      4,
    );
    expect(counts).toEqual([2, 0, 1, 0]);
  });

  it('leaves out due times before the first hour and after the last', () => {
    expect(hourlyCounts(['2026-11-30T23:59:59.000Z', '2026-12-01T03:00:00.000Z'], from, 3)).toEqual([0, 0, 0]);
  });
});

describe('slotsNeededByHour', () => {
  it('needs nothing without calls', () => {
    expect(slotsNeededByHour([0, 0, 0])).toEqual([0, 0, 0]);
  });

  it("spreads one hour's calls over their 3-hour window", () => {
    // 84 calls of 257 s = 21,588 slot-seconds over 3 h = 1.999 → 2 slots.
    expect(slotsNeededByHour([84], 257, 3)).toEqual([2]);
    // One more call: 2.02 → 3.
    expect(slotsNeededByHour([85], 257, 3)).toEqual([3]);
  });

  it('counts calls of the following hours that share the window', () => {
    // Hour 0 alone: 360 calls × 360 s / 3 h = 12; hours 0–1: 720 calls over 4 h = 18; 0–2: 1080 over 5 h = 21.6 → 22.
    expect(slotsNeededByHour([360, 360, 360], 360, 3)).toEqual([22, 18, 12]);
  });

  it('is not raised by a quiet hour before a busy one', () => {
    const [quiet, busy] = slotsNeededByHour([1, 300], 360, 3);
    expect(busy).toBe(10);
    // (1 + 300) × 360 s / 4 h = 7.5 → 8: the busy hour is the peak, not the quiet one before it.
    expect(quiet).toBe(8);
  });
});

describe('peopleReserve', () => {
  it('is none without check-ins, at least one, and one in ten', () => {
    expect(peopleReserve(0)).toBe(0);
    expect(peopleReserve(1)).toBe(1);
    expect(peopleReserve(10)).toBe(1);
    expect(peopleReserve(11)).toBe(2);
    expect(peopleReserve(200)).toBe(20);
  });
});

describe('forecastCallLines', () => {
  const now = new Date('2026-11-27T08:15:00Z');

  it('has no peak and 30 quiet days without calls', () => {
    const forecast = forecastCallLines([], now);
    expect(forecast.total_calls).toBe(0);
    expect(forecast.peak).toBeNull();
    expect(forecast.days).toHaveLength(FORECAST_DAYS);
    expect(forecast.days[0]).toEqual({
      date: '2026-11-27',
      hour: '2026-11-27T00:00:00.000Z',
      calls: 0,
      slots_needed: 0,
    });
    expect(forecast.days[29]?.date).toBe('2026-12-26');
  });

  it('finds the peak hour, its calls and slots with the reserve, and each day’s busiest hour', () => {
    const due = [
      ...times('2026-12-01T14:00:00.000Z', 500),
      ...times('2026-12-01T17:00:00.000Z', 100),
      ...times('2026-11-28T14:00:00.000Z', 10),
      // Past and beyond the 30 days: left out.
      ...times('2026-11-26T14:00:00.000Z', 900),
      ...times('2026-12-27T14:00:00.000Z', 900),
    ];
    const forecast = forecastCallLines(due, now);
    expect(forecast.total_calls).toBe(610);
    // 500 × 257 s / 3 h = 11.9 → 12, plus 2 in reserve.
    expect(forecast.peak).toEqual({ hour: '2026-12-01T14:00:00.000Z', calls: 500, slots_needed: 14 });
    const dec1 = forecast.days.find((d) => d.date === '2026-12-01');
    expect(dec1).toEqual({ date: '2026-12-01', hour: '2026-12-01T14:00:00.000Z', calls: 500, slots_needed: 14 });
    // 10 × 257 / 3 h = 0.24 → 1, plus 1.
    expect(forecast.days.find((d) => d.date === '2026-11-28')).toMatchObject({ calls: 10, slots_needed: 2 });
  });

  it('counts a call due later today', () => {
    const forecast = forecastCallLines(['2026-11-27T20:00:00.000Z'], now);
    expect(forecast.peak?.hour).toBe('2026-11-27T20:00:00.000Z');
  });

  it('breaks a tie in slots by the hour with more calls', () => {
    // 1 call and 2 calls both need 1 slot (+1 reserve); the peak is the hour with 2.
    const forecast = forecastCallLines(['2026-11-29T09:00:00.000Z', ...times('2026-12-03T09:00:00.000Z', 2)], now);
    expect(forecast.peak).toEqual({ hour: '2026-12-03T09:00:00.000Z', calls: 2, slots_needed: 2 });
  });
});

describe('shortBy', () => {
  it('is what the budget lacks, never negative', () => {
    expect(shortBy(212, 200)).toBe(12);
    expect(shortBy(200, 200)).toBe(0);
    expect(shortBy(3, 10)).toBe(0);
  });
});

describe('checkInWindow', () => {
  it('is the first outreach date and the next four weekdays', () => {
    // Tue Dec 1 2026.
    expect(checkInWindow('2026-12-01')).toEqual(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-07']);
  });

  it('keeps a weekend date staff chose, then skips the weekend', () => {
    // Sat Dec 5 2026.
    expect(checkInWindow('2026-12-05')).toEqual(['2026-12-05', '2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10']);
  });

  it('runs across a month and a year', () => {
    expect(checkInWindow('2026-12-30')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-04', '2027-01-05']);
  });
});

describe('chooseCheckInDay', () => {
  const window = ['2026-12-01', '2026-12-02', '2026-12-03'];

  it('takes the day with the fewest check-ins already scheduled', () => {
    const scheduled = new Map([
      ['2026-12-01', 4],
      ['2026-12-02', 1],
      ['2026-12-03', 3],
    ]);
    expect(chooseCheckInDay(window, scheduled, 'patient-a')).toBe('2026-12-02');
  });

  it('counts a day without check-ins as none', () => {
    expect(
      chooseCheckInDay(
        window,
        new Map([
          ['2026-12-01', 1],
          ['2026-12-02', 1],
        ]),
        'patient-a',
      ),
    ).toBe('2026-12-03');
  });

  it('breaks ties by the patient id, the same way every time', () => {
    const tied = new Map([['2026-12-02', 5]]);
    const day = chooseCheckInDay(window, tied, 'patient-a');
    expect(['2026-12-01', '2026-12-03']).toContain(day);
    expect(chooseCheckInDay(window, tied, 'patient-a')).toBe(day);
    expect(day).toBe(['2026-12-01', '2026-12-03'][stableHash('patient-a') % 2]);
  });

  it('spreads patients evenly when each choice is counted', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 50; i++) {
      const day = chooseCheckInDay(checkInWindow('2026-12-01'), counts, `patient-${i}`);
      counts.set(day, (counts.get(day) ?? 0) + 1);
    }
    expect([...counts.values()]).toEqual([10, 10, 10, 10, 10]);
  });

  it('refuses an empty window', () => {
    expect(() => chooseCheckInDay([], new Map(), 'p')).toThrow();
  });
});

describe('stableHash', () => {
  it('is FNV-1a', () => {
    expect(stableHash('')).toBe(0x811c9dc5);
    expect(stableHash('a')).toBe(0xe40c292c);
  });
});
