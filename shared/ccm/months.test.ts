import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthIn } from '../time-preferences';
import { afterMonthIn, isBillingMonth, monthBounds, monthOf, previousMonths, shiftMonth } from './months';

const NY = 'America/New_York';
const HONOLULU = 'Pacific/Honolulu';
const HOUR = 3_600_000;
const hoursBetween = ({ start, end }: { start: string; end: string }) =>
  (new Date(end).getTime() - new Date(start).getTime()) / HOUR;

describe('isBillingMonth', () => {
  it.each(['2026-01', '2026-12', '1999-07'])('accepts %s', (value) => {
    expect(isBillingMonth(value)).toBe(true);
  });

  it.each<unknown>(['2026-13', '2026-00', '2026-1', '26-01', '0999-01', '2026-01-01', ' 2026-01', '', 202601, null])(
    'refuses %j',
    (value) => {
      expect(isBillingMonth(value)).toBe(false);
    },
  );
});

describe('monthOf', () => {
  it("reads the month in New York, not in UTC, at the month's end (standard time)", () => {
    expect(monthOf('2026-12-01T04:59:59.999Z', NY)).toBe('2026-11'); // 23:59:59.999 on 30 November
    expect(monthOf('2026-12-01T05:00:00.000Z', NY)).toBe('2026-12');
  });

  it('uses daylight time in summer (UTC−4)', () => {
    expect(monthOf('2026-08-01T03:59:59.999Z', NY)).toBe('2026-07');
    expect(monthOf('2026-08-01T04:00:00.000Z', NY)).toBe('2026-08');
  });

  it('reads Honolulu (UTC−10, no daylight saving) across the year boundary', () => {
    expect(monthOf('2027-01-01T09:59:59.999Z', HONOLULU)).toBe('2026-12');
    expect(monthOf('2027-01-01T10:00:00.000Z', HONOLULU)).toBe('2027-01');
  });

  it('accepts an instant with an offset', () => {
    expect(monthOf('2026-11-30T23:30:00-05:00', NY)).toBe('2026-11');
    expect(monthOf('2026-11-30T23:30:00-05:00', 'UTC')).toBe('2026-12');
  });

  it('refuses an unreadable instant or time zone with a RangeError', () => {
    expect(() => monthOf('yesterday', NY)).toThrow(RangeError);
    expect(() => monthOf('2026-11-30T10:00:00Z', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('monthBounds', () => {
  it('runs from local midnight on the 1st to local midnight on the next 1st, end exclusive', () => {
    expect(monthBounds('2026-12', NY)).toEqual({ start: '2026-12-01T05:00:00.000Z', end: '2027-01-01T05:00:00.000Z' });
    expect(monthBounds('2026-12', HONOLULU)).toEqual({
      start: '2026-12-01T10:00:00.000Z',
      end: '2027-01-01T10:00:00.000Z',
    });
  });

  it('is an hour short in March and an hour long in November in New York (daylight saving)', () => {
    const march = monthBounds('2026-03', NY);
    expect(march).toEqual({ start: '2026-03-01T05:00:00.000Z', end: '2026-04-01T04:00:00.000Z' });
    expect(hoursBetween(march)).toBe(31 * 24 - 1);
    const november = monthBounds('2026-11', NY);
    expect(november).toEqual({ start: '2026-11-01T04:00:00.000Z', end: '2026-12-01T05:00:00.000Z' });
    expect(hoursBetween(november)).toBe(30 * 24 + 1);
  });

  it('has whole days in Honolulu, leap February included', () => {
    expect(hoursBetween(monthBounds('2026-03', HONOLULU))).toBe(31 * 24);
    expect(hoursBetween(monthBounds('2028-02', HONOLULU))).toBe(29 * 24);
    expect(hoursBetween(monthBounds('2027-02', HONOLULU))).toBe(28 * 24);
  });

  it('starts at the first instant of the 1st where midnight is skipped (Asunción, 1 October 2023)', () => {
    const october = monthBounds('2023-10', 'America/Asuncion');
    expect(october.start).toBe('2023-10-01T04:00:00.000Z'); // 01:00 −03, straight after 23:59:59 −04
    expect(monthOf('2023-10-01T03:59:59.999Z', 'America/Asuncion')).toBe('2023-09');
    expect(monthOf(october.start, 'America/Asuncion')).toBe('2023-10');
  });

  it('handles a half-hour daylight-saving change (Lord Howe Island, April 2026)', () => {
    expect(monthBounds('2026-04', 'Australia/Lord_Howe')).toEqual({
      start: '2026-03-31T13:00:00.000Z',
      end: '2026-04-30T13:30:00.000Z',
    });
  });

  it('refuses a malformed month with a RangeError', () => {
    expect(() => monthBounds('2026-13', NY)).toThrow(RangeError);
    expect(() => monthBounds('November', NY)).toThrow(RangeError);
  });

  it('holds every instant of its month and no other, in any zone', () => {
    const zones = [
      NY,
      HONOLULU,
      'UTC',
      'Europe/London',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'America/Asuncion',
    ];
    const instants = fc
      .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) })
      .map((ms) => new Date(ms).toISOString());
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (instant, zone) => {
        const { start, end } = monthBounds(monthOf(instant, zone), zone);
        expect(start <= instant && instant < end).toBe(true);
        expect(monthOf(start, zone)).toBe(monthOf(instant, zone));
        expect(monthOf(new Date(new Date(start).getTime() - 1).toISOString(), zone)).not.toBe(monthOf(instant, zone));
      }),
    );
  });
});

describe('shiftMonth and previousMonths', () => {
  it('moves across year boundaries', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-05', -17)).toBe('2024-12');
    expect(shiftMonth('2026-05', 0)).toBe('2026-05');
  });

  it('lists n months ending with the given one, newest first', () => {
    expect(previousMonths('2026-02', 3)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(previousMonths('2026-02', 0)).toEqual([]);
    const year = previousMonths('2026-11', 13);
    expect(year).toHaveLength(13);
    expect(year.at(-1)).toBe('2025-11');
  });

  it('refuses a malformed month or count with a RangeError', () => {
    expect(() => previousMonths('2026-2', 3)).toThrow(RangeError);
    expect(() => previousMonths('2026-02', -1)).toThrow(RangeError);
    expect(() => previousMonths('2026-02', 1.5)).toThrow(RangeError);
    expect(() => shiftMonth('2026-02', 0.5)).toThrow(RangeError);
    expect(() => shiftMonth('1000-01', -1)).toThrow(RangeError);
  });
});

describe('afterMonthIn', () => {
  // Zones a day ahead of and behind UTC, half- and quarter-hour offsets, and zones whose clocks move
  // at midnight (Santiago, Havana, Asunción, Beirut), where the month's first instant is not 00:00.
  const ZONES = [
    'America/New_York',
    'America/Los_Angeles',
    'Pacific/Honolulu',
    'Pacific/Kiritimati',
    'Pacific/Pago_Pago',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'America/Santiago',
    'America/Havana',
    'America/Asuncion',
    'Asia/Beirut',
    'UTC',
  ];

  it("answers as the zone's calendar does, near the month's end and far from it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 2020, max: 2030 }),
        fc.integer({ min: 1, max: 12 }),
        // Within three days of the next month's start, by the minute; or anywhere in 60 days.
        fc.oneof(
          fc.integer({ min: -72 * 60, max: 72 * 60 }).map((m) => m * 60_000),
          fc.integer({ min: -60 * 24, max: 60 * 24 }).map((h) => h * HOUR),
        ),
        (zone, year, monthNumber, offset) => {
          const month = `${year}-${String(monthNumber).padStart(2, '0')}`;
          const nextUtc = Date.UTC(year, monthNumber, 1);
          const at = new Date(nextUtc + offset).toISOString();
          expect(afterMonthIn(zone, month)(at)).toBe(monthIn(zone, new Date(at)) > month);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('holds every minute around the start of a month whose midnight the clocks skip', () => {
    // Asunción moved its clocks from 00:00 to 01:00 on 2017-10-01 and on 2023-10-01: October began at 01:00.
    expect(monthIn('America/Asuncion', new Date('2023-10-01T03:59:00Z'))).toBe('2023-09');
    expect(monthIn('America/Asuncion', new Date('2023-10-01T04:00:00Z'))).toBe('2023-10');
    for (const [month, aroundUtc] of [
      ['2017-09', Date.UTC(2017, 9, 1)],
      ['2023-09', Date.UTC(2023, 9, 1)],
    ] as const) {
      const after = afterMonthIn('America/Asuncion', month);
      for (let m = -48 * 60; m <= 48 * 60; m += 1) {
        const at = new Date(aroundUtc + m * 60_000);
        expect(after(at.toISOString()), at.toISOString()).toBe(monthIn('America/Asuncion', at) > month);
      }
    }
  });
});
