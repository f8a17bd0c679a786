/** A patient as stored: the record every capability that acts for a patient reads. */
import type { ProgramChange } from '../../../shared/ccm/patient-month';
import type { QmbCheck } from '../../../shared/ccm/qmb';
import type { Patient, PatientConsent } from '../../../shared/domain';
import type { EnrollmentStage } from '../../../shared/enrollment/funnel';
import type { PreferredLanguage } from '../../../shared/enrollment/patient-fields';

/**
 * A stored patient. The CCM fields are absent on patients stored before CCM: no consent asked, no
 * conditions, no billing practitioner (the answer fills them in and derives `ccmEligible`); the
 * enrollment fields on patients stored before them: no MRN, no date of birth, English.
 */
export type PatientRecord = Omit<
  Patient,
  | 'consent'
  | 'conditionCount'
  | 'ccmEligible'
  | 'billingPractitionerId'
  | 'mrn'
  | 'date_of_birth'
  | 'mbi'
  | 'preferred_language'
  | 'qmb'
  | 'enrollment_stage'
> & {
  status: 'active' | 'archived';
  consent?: PatientConsent;
  conditionCount?: number;
  billingPractitionerId?: string | null;
  mrn?: string | null;
  date_of_birth?: string | null;
  /** Medicare Beneficiary Identifier, upper case without dashes (absent: none given). PHI. */
  mbi?: string | null;
  preferred_language?: PreferredLanguage;
  /** Qualified Medicare Beneficiary status as last checked (absent: never checked). */
  qmb?: Patient['qmb'];
  /** Every QMB check, oldest recorded first (absent or empty: never checked); billing reads the month's. */
  qmbChecks?: StoredQmbCheck[];
  /** When the person asked on a call not to be called again (absent: never): no AI call invites them. */
  callsStoppedAt?: string;
  /** Where the patient stands in the enrollment funnel (absent: outside it, or stored before it). */
  enrollmentStage?: EnrollmentStage;
  /** The patient's program history, oldest first (absent or empty: CCM throughout). */
  carePrograms?: StoredProgramChange[];
  /** Moves with each change of the programs or QMB status (absent: 0). */
  careProgramVersion?: number;
};

/** One enrolment as stored: the change, who made it and when. */
export interface StoredProgramChange extends ProgramChange {
  set_at: string;
  set_by: string;
  set_by_name: string;
}

/** One QMB check as stored: what it found, the day, and who recorded it when (null: recorded before checks were kept). */
export interface StoredQmbCheck extends QmbCheck {
  set_at: string | null;
  set_by: string | null;
  set_by_name: string | null;
}
