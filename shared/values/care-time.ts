/**
 * The CCM time log's value lists (product-rules.md "Care management (CCM)"): the activities staff
 * pick, how an entry was made, and whose minutes it adds to. A leaf beneath the API records;
 * `../care-time` adds the request schemas, messages and answer types.
 */
import type { CareRole } from '../roles';

/** The activities staff pick from; any other short description may be typed. */
export const CCM_ACTIVITIES = [
  'Care plan review',
  'Medication reconciliation',
  'Call summary review',
  'Care coordination',
  'Patient/caregiver communication',
] as const;

/** How an entry was made: the patient page's timer, typed by hand, or offered when a summary closed. */
export const TIME_ENTRY_SOURCES = ['timer', 'manual', 'summary_review'] as const;
export type TimeEntrySource = (typeof TIME_ENTRY_SOURCES)[number];

export const TIME_ENTRY_SOURCE_LABELS: Record<TimeEntrySource, string> = {
  timer: 'Timer',
  manual: 'Manual entry',
  summary_review: 'Summary review',
};

/** Where an entry's minutes go: clinical staff time, the billing practitioner's own time, or nowhere. */
export const COUNTS_AS = ['staff', 'practitioner', 'none'] as const;
export type CountsAs = (typeof COUNTS_AS)[number];

export const COUNTS_AS_LABELS: Record<CountsAs, string> = {
  staff: 'Clinical staff time',
  practitioner: 'Practitioner time',
  none: 'Not counted',
};

/**
 * Whose minutes an entry adds to (product-rules.md "Care management (CCM)": each patient has one billing practitioner).
 * - clinical staff: clinical staff time;
 * - a billing practitioner: practitioner time when they are this patient's billing practitioner,
 *   or when the patient has none named yet (the only practitioner whose time can count); a
 *   billing practitioner who is not this patient's works under the patient's practitioner, so their
 *   time is clinical staff time;
 * - non-clinical staff: recorded, counted toward nothing.
 */
export function countsAs(careRole: CareRole, userId: string, billingPractitionerId: string | null): CountsAs {
  switch (careRole) {
    case 'clinical_staff':
      return 'staff';
    case 'billing_practitioner':
      return billingPractitionerId === null || billingPractitionerId === userId ? 'practitioner' : 'staff';
    case 'non_clinical':
      return 'none';
  }
}
