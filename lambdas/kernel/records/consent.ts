/** A consent change as stored (care plans record it; patients and the worklist read it). */
import type { ConsentDisclosure, ConsentMethod, RecordedConsentStatus } from '../../../shared/consent';

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
  /** User id (the token's `sub`) of who recorded it. */
  recordedBy: string;
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
  recorded_by: c.recordedBy,
});
