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
