/** A patient as stored: the record every capability that acts for a patient reads. */
import type { Patient, PatientConsent } from '../../../shared/domain';

/**
 * A stored patient. The CCM fields are absent on patients stored before CCM: no consent asked, no
 * conditions, no billing practitioner (the answer fills them in and derives `ccmEligible`).
 */
export type PatientRecord = Omit<Patient, 'consent' | 'conditionCount' | 'ccmEligible' | 'billingPractitionerId'> & {
  status: 'active' | 'archived';
  consent?: PatientConsent;
  conditionCount?: number;
  billingPractitionerId?: string | null;
};
