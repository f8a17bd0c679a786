import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../../shared/messages';
import { planOutreach } from './patient-rules';

const patient = { id: 'p1', provider_id: 'org-1' };
const chicago = { timezone: 'America/Chicago' };
// 03:30 UTC on 2 June is still the evening of 1 June in Chicago.
const NOW = new Date('2026-06-02T03:30:00Z');

describe('planOutreach', () => {
  it("stores the first call at the preference's start hour in the organization's zone", () => {
    expect(
      planOutreach({ first_outreach_date: '2026-07-01', time_preference: 'afternoon' }, patient, chicago, 'u1', NOW),
    ).toEqual({
      patient_id: 'p1',
      provider_id: 'org-1',
      created_by: 'u1',
      first_outreach_date: '2026-07-01',
      time_preference: 'afternoon',
      enabled: true,
      scheduled_at: '2026-07-01T20:00:00.000Z',
      created_at: NOW.toISOString(),
    });
  });

  it("accepts today in the organization's zone even when the server's date is already tomorrow", () => {
    expect(
      planOutreach({ first_outreach_date: '2026-06-01', time_preference: 'morning' }, patient, chicago, 'u1', NOW)
        .scheduled_at,
    ).toBe('2026-06-01T14:00:00.000Z');
  });

  it('refuses a past date and a date that does not exist', () => {
    for (const date of ['2026-05-31', '2026-02-30']) {
      expect(() =>
        planOutreach({ first_outreach_date: date, time_preference: 'morning' }, patient, chicago, 'u1', NOW),
      ).toThrow(VALIDATION.outreachDateInPast);
    }
  });
});
