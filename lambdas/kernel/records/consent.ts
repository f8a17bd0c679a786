/** A consent change as stored (care plans record it; patients and the worklist read it). */
import type { ConsentDisclosure, ConsentMethod, RecordedConsentStatus } from '../../../shared/consent';
import type { PreferredLanguage } from '../../../shared/enrollment/patient-fields';

/** One consent change (product-rules.md "Care management (CCM)"): written once, never changed. */
export interface ConsentRecord {
  id: string;
  patientId: string;
  providerId: string;
  status: RecordedConsentStatus;
  /** YYYY-MM-DD in the organization's time zone. */
  date: string;
  method: ConsentMethod | null;
  disclosures: ConsentDisclosure[];
  /**
   * The language of the consent script staff were shown (the patient's preferred language when it was
   * recorded: DECISIONS "Languages"); null for a change recorded before CareLoop kept it.
   */
  scriptLanguage: PreferredLanguage | null;
  /** User id (the token's `sub`) of who recorded it. */
  recordedBy: string;
  /**
   * Their name as it was when they recorded it, kept on the record as a signed paper record keeps
   * it (the history then needs no read of profiles); absent on changes recorded before names were
   * kept, whose author is named by reading the profile.
   */
  recordedByName?: string;
  recordedAt: string;
}

/** The stored item of a consent change (entities/consent-record.ts). */
export const consentItem = (c: ConsentRecord) => ({
  patient_id: c.patientId,
  recorded_at: c.recordedAt,
  consent_id: c.id,
  provider_id: c.providerId,
  status: c.status,
  date: c.date,
  ...(c.method ? { method: c.method } : {}),
  disclosures: c.disclosures,
  ...(c.scriptLanguage ? { script_language: c.scriptLanguage } : {}),
  recorded_by: c.recordedBy,
  ...(c.recordedByName ? { recorded_by_name: c.recordedByName } : {}),
});
