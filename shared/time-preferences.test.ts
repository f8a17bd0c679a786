import { describe, expect, it } from 'vitest';
import {
  TIME_PREFERENCE_LABELS,
  TIME_PREFERENCE_START_HOUR,
  addMonths,
  defaultFirstOutreachDate,
  isCalendarDate,
  isValidTimeZone,
  monthIn,
  monthsNowAnywhere,
  outreachScheduledAt,
  todayIn,
  zonedTimeToUtc,
} from './time-preferences';

describe('time preference mapping', () => {
  it('places the call at the start hour of each preference, labelled with its range', () => {
    expect(TIME_PREFERENCE_START_HOUR).toEqual({ morning: 9, midday: 12, afternoon: 15, evening: 18 });
    expect(TIME_PREFERENCE_LABELS.midday).toBe('Midday (12 PM - 3 PM)');
    expect(TIME_PREFERENCE_LABELS.afternoon).toBe('Afternoon (3 PM - 6 PM)');
  });
});

describe('outreachScheduledAt', () => {
  it('converts the local start hour to UTC on both sides of the spring daylight-saving change', () => {
    // New York moves to EDT (UTC-4) on 2026-03-08.
    expect(outreachScheduledAt('2026-03-07', 'morning', 'America/New_York')).toBe('2026-03-07T14:00:00.000Z');
    expect(outreachScheduledAt('2026-03-08', 'morning', 'America/New_York')).toBe('2026-03-08T13:00:00.000Z');
    expect(outreachScheduledAt('2026-03-09', 'evening', 'America/Chicago')).toBe('2026-03-09T23:00:00.000Z');
  });

  it('converts on both sides of the autumn change', () => {
    // New York returns to EST (UTC-5) on 2026-11-01.
    expect(outreachScheduledAt('2026-10-31', 'midday', 'America/New_York')).toBe('2026-10-31T16:00:00.000Z');
    expect(outreachScheduledAt('2026-11-01', 'midday', 'America/New_York')).toBe('2026-11-01T17:00:00.000Z');
  });

  it('handles southern-hemisphere, half-hour and fixed zones', () => {
    // Sydney: AEDT (UTC+11) in January, AEST (UTC+10) in July; the local date is the day before in UTC.
    expect(outreachScheduledAt('2026-01-15', 'morning', 'Australia/Sydney')).toBe('2026-01-14T22:00:00.000Z');
    expect(outreachScheduledAt('2026-07-15', 'morning', 'Australia/Sydney')).toBe('2026-07-14T23:00:00.000Z');
    expect(outreachScheduledAt('2026-05-01', 'afternoon', 'Asia/Kolkata')).toBe('2026-05-01T09:30:00.000Z');
    expect(outreachScheduledAt('2026-05-01', 'afternoon', 'UTC')).toBe('2026-05-01T15:00:00.000Z');
  });
});

describe('zonedTimeToUtc', () => {
  it('moves a skipped hour past the jump and takes the first of a repeated hour', () => {
    // 02:30 does not exist in New York on 2026-03-08: it reads as 03:30 EDT.
    expect(zonedTimeToUtc('2026-03-08', 2, 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    // 01:00 happens twice on 2026-11-01: the first one is EDT.
    expect(zonedTimeToUtc('2026-11-01', 1, 'America/New_York').toISOString()).toBe('2026-11-01T05:00:00.000Z');
  });
});

describe('dates', () => {
  it("gives today's date in the organization's zone, not the server's", () => {
    const lateEveningInChicago = new Date('2026-06-02T03:30:00Z');
    expect(todayIn('America/Chicago', lateEveningInChicago)).toBe('2026-06-01');
    expect(todayIn('UTC', lateEveningInChicago)).toBe('2026-06-02');
  });

  it('defaults the first outreach one month ahead, clamped to the month end', () => {
    expect(defaultFirstOutreachDate('America/New_York', new Date('2026-01-31T15:00:00Z'))).toBe('2026-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('recognises real calendar dates and IANA zones', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('monthsNowAnywhere', () => {
  it('is one month mid-month, and two while one zone has begun the next month and another has not', () => {
    expect(monthsNowAnywhere(new Date('2026-11-15T12:00:00Z'))).toEqual(['2026-11']);
    expect(monthsNowAnywhere(new Date('2026-11-30T11:00:00Z'))).toEqual(['2026-11', '2026-12']);
    expect(monthsNowAnywhere(new Date('2026-12-01T11:59:00Z'))).toEqual(['2026-11', '2026-12']);
    expect(monthsNowAnywhere(new Date('2026-12-01T12:00:00Z'))).toEqual(['2026-12']);
    expect(monthsNowAnywhere(new Date('2026-12-31T10:00:00Z'))).toEqual(['2026-12', '2027-01']);
  });

  it("always holds every zone's own month, hour by hour across a month's edge", () => {
    const zones = [
      'Pacific/Kiritimati',
      'Asia/Tokyo',
      'Europe/London',
      'America/New_York',
      'Pacific/Pago_Pago',
      'Etc/GMT+12',
    ];
    for (let hour = -36; hour <= 36; hour += 1) {
      const at = new Date(Date.parse('2027-03-01T00:00:00Z') + hour * 60 * 60 * 1000);
      for (const zone of zones)
        expect(monthsNowAnywhere(at), `${zone} at ${at.toISOString()}`).toContain(monthIn(zone, at));
    }
  });
});
