import { describe, expect, it } from 'vitest';
import { TIME_PREFERENCE_OPTIONS, outreachDefaults, validateOutreach } from './outreach.utils';

describe('outreach setup', () => {
  it("defaults to one month after today in the organization's zone, in the morning", () => {
    // 02:00 UTC on 20 August is still 19 August in New York.
    expect(outreachDefaults('America/New_York', new Date('2025-08-20T02:00:00Z'))).toEqual({
      today: '2025-08-19',
      values: { first_outreach_date: '2025-09-19', time_preference: 'morning' },
    });
  });

  it('offers the four time preferences with their hours', () => {
    expect(TIME_PREFERENCE_OPTIONS.map((o) => o.label)).toEqual([
      'Morning (9 AM - 12 PM)',
      'Midday (12 PM - 3 PM)',
      'Afternoon (3 PM - 6 PM)',
      'Evening (6 PM - 9 PM)',
    ]);
  });

  it('accepts today and later, refuses the past, a missing or impossible date', () => {
    const today = '2025-08-20';
    expect(validateOutreach({ first_outreach_date: '2025-08-20', time_preference: 'evening' }, today)).toBeNull();
    for (const day of ['2025-08-19', '', '2026-02-30']) {
      expect(validateOutreach({ first_outreach_date: day, time_preference: 'morning' }, today)).toBe(
        'First outreach date cannot be in the past',
      );
    }
  });
});
