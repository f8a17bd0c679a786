import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../../shared/messages';
import { stableHash } from '../../shared/call-lines';
import { planOutreach, spreadFirstCheckIn } from './patient-rules';
import type { PendingCheckIn } from './ports';

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

describe('spreadFirstCheckIn', () => {
  const organization = { id: 'org-1', timezone: 'America/Chicago' };
  // Wed 1 July 2026: the window is 1, 2, 3, 6 and 7 July (the weekend of 4–5 July left out).
  const cadence = planOutreach(
    { first_outreach_date: '2026-07-01', time_preference: 'afternoon' },
    patient,
    organization,
    'u1',
    NOW,
  );
  const at = (day: string, hour: number) =>
    new Date(`${day}T${String(hour).padStart(2, '0')}:00:00.000Z`).toISOString();
  const calendar = (pending: PendingCheckIn[]) => {
    const asked: [string, string, string][] = [];
    return {
      asked,
      checkIns: {
        pendingCheckIns: async (organizationId: string, from: string, to: string) => {
          asked.push([organizationId, from, to]);
          return pending;
        },
      },
    };
  };

  it("asks for the organization's pending check-ins from the window's first midnight to the midnight after its last day", async () => {
    const deps = calendar([]);
    await spreadFirstCheckIn(deps, cadence, organization);
    // Chicago is UTC-5 in July.
    expect(deps.asked).toEqual([['org-1', '2026-07-01T05:00:00.000Z', '2026-07-08T05:00:00.000Z']]);
  });

  it('moves the check-in to the window day with the fewest pending at the same preference, in the cadence too', async () => {
    const afternoon = (day: string) => ({ scheduledAt: at(day, 20), timePreference: 'afternoon' as const });
    const deps = calendar([
      ...['2026-07-01', '2026-07-01', '2026-07-02', '2026-07-02', '2026-07-03', '2026-07-07'].map(afternoon),
      afternoon('2026-07-06'),
      afternoon('2026-07-06'),
      // Other preferences are other hours: not counted.
      { scheduledAt: at('2026-07-03', 14), timePreference: 'morning' },
      { scheduledAt: at('2026-07-07', 14), timePreference: 'morning' },
    ]);
    const spread = await spreadFirstCheckIn(deps, cadence, organization);
    expect(spread).toEqual({
      ...cadence,
      first_outreach_date: '2026-07-03',
      scheduled_at: '2026-07-03T20:00:00.000Z',
    });
  });

  it("counts a check-in on the organization's day, not the UTC one", async () => {
    // 20:00 in Chicago on 1 July is 01:00 UTC on 2 July: it loads 1 July.
    const evening = { ...cadence, time_preference: 'evening' as const };
    const deps = calendar(
      ['2026-07-02', '2026-07-03', '2026-07-04', '2026-07-07', '2026-07-08'].map((utcDay) => ({
        scheduledAt: at(utcDay, 1),
        timePreference: 'evening' as const,
      })),
    );
    // Loaded: 1, 2, 3, 6 (from 7 July 01:00 UTC) and 7 July; all equal: the hash decides among the five.
    const days = ['2026-07-01', '2026-07-02', '2026-07-03', '2026-07-06', '2026-07-07'];
    const spread = await spreadFirstCheckIn(deps, evening, organization);
    expect(spread.first_outreach_date).toBe(days[stableHash('p1') % 5]);
    // Only 1 July's is left without the UTC 2 July one: the organization's day decides.
    const fewer = calendar(
      ['2026-07-03', '2026-07-04', '2026-07-07', '2026-07-08'].map((d) => ({
        scheduledAt: at(d, 1),
        timePreference: 'evening' as const,
      })),
    );
    expect((await spreadFirstCheckIn(fewer, evening, organization)).first_outreach_date).toBe('2026-07-01');
  });
});
