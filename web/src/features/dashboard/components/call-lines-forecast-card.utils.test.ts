import { describe, expect, it } from 'vitest';
import { formatPeakHour } from './call-lines-forecast-card.utils';

describe('formatPeakHour', () => {
  it("writes the hour in the operator's zone with its date", () => {
    expect(formatPeakHour('2026-12-01T14:00:00.000Z', 'America/New_York')).toBe('Tue Dec 1, 9–10 AM EST');
  });

  it('writes both periods when the hour crosses noon or midnight', () => {
    expect(formatPeakHour('2026-12-01T16:00:00.000Z', 'America/New_York')).toBe('Tue Dec 1, 11 AM–12 PM EST');
    expect(formatPeakHour('2026-12-02T04:00:00.000Z', 'America/New_York')).toBe('Tue Dec 1, 11 PM–12 AM EST');
  });

  it('is the local date, not the UTC one', () => {
    expect(formatPeakHour('2026-12-02T01:00:00.000Z', 'America/Los_Angeles')).toBe('Tue Dec 1, 5–6 PM PST');
  });
});
