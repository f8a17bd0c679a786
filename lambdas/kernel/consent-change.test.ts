import { describe, expect, it } from 'vitest';
import { CONSENT_DISCLOSURES } from '../../shared/consent';
import { CCM_MESSAGES } from '../../shared/ccm/messages';
import { planConsent } from './consent-change';

const patient = { id: 'p1', provider_id: 'org-1' };
const chicago = { timezone: 'America/Chicago' };
// 03:30 UTC on 2 June is still the evening of 1 June in Chicago.
const NOW = new Date('2026-06-02T03:30:00Z');
const U1 = { userId: 'u1' };

describe('planConsent', () => {
  it('stores the change for the patient and its organization, recorded now by the user', () => {
    const input = { status: 'accepted' as const, date: '2026-06-01', disclosures: [...CONSENT_DISCLOSURES] };
    expect(planConsent({ ...input, method: 'verbal' }, patient, chicago, U1, NOW, 'c1')).toEqual({
      id: 'c1',
      patientId: 'p1',
      providerId: 'org-1',
      status: 'accepted',
      date: '2026-06-01',
      method: 'verbal',
      disclosures: [...CONSENT_DISCLOSURES],
      scriptLanguage: 'en',
      recordedBy: 'u1',
      recordedAt: NOW.toISOString(),
    });
    expect(planConsent(input, patient, chicago, U1, NOW, 'c1').method).toBeNull();
    // Who recorded it is named on the record as they were named then, when their name is known.
    const named = planConsent(input, patient, chicago, { userId: 'u1', name: 'Nora Ellis' }, NOW, 'c1');
    expect(named).toMatchObject({ recordedBy: 'u1', recordedByName: 'Nora Ellis' });
    // The script staff were shown is in the patient's language, and the change says so.
    const spanish = { ...patient, preferred_language: 'es' as const };
    expect(planConsent(input, spanish, chicago, U1, NOW, 'c1').scriptLanguage).toBe('es');
  });

  it("refuses a day after today in the organization's zone, and a day that does not exist", () => {
    const declined = { status: 'declined' as const, method: null, disclosures: [] };
    expect(() => planConsent({ ...declined, date: '2026-06-02' }, patient, chicago, U1, NOW, 'c1')).toThrow(
      CCM_MESSAGES.consentDateInFuture,
    );
    expect(() => planConsent({ ...declined, date: '2026-02-30' }, patient, chicago, U1, NOW, 'c1')).toThrow(
      CCM_MESSAGES.consentDateRequired,
    );
  });
});
