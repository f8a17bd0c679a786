import type * as z from 'zod/mini';
import type { dashboardStatsAnswer } from './api/answers';
import type {
  accessHistoryEntryRecord,
  carePlanFieldsRecord,
  carePlanRecord,
  chronicConditionRecord,
  clinicalDocumentRecord,
  consentEntryRecord,
  dashboardStatsRecord,
  documentAuthorRecord,
  documentRevisionRecord,
  notificationPreferencesRecord,
  medicationRecord,
  observationRecord,
  outreachCadenceRecord,
  patientConsentRecord,
  patientRecord,
  providerOrganizationRecord,
  providerRefRecord,
  userProfileRecord,
} from './api/records';

/**
 * Shapes the API returns (snake_case, as the product spec names them): the `z.output` of their
 * schemas in `./api/records`, where each field is described. The value lists the records are built on
 * live beneath them, each with its capability, and are handed on from here.
 */

export type NotificationPreferences = z.output<typeof notificationPreferencesRecord>;

/** A provider user created without preferences hears of new summaries and escalations by e-mail. */
export const DEFAULT_PROVIDER_NOTIFICATIONS: NotificationPreferences = {
  new_summaries: ['email'],
  escalations: ['email'],
};

export const DEFAULT_TIMEZONE = 'America/New_York';

export type ProviderOrganization = z.output<typeof providerOrganizationRecord>;

export type ProviderRef = z.output<typeof providerRefRecord>;

export type UserProfile = z.output<typeof userProfileRecord>;

export type Patient = z.output<typeof patientRecord>;

export type ClinicalDocument = z.output<typeof clinicalDocumentRecord>;

export type PatientConsent = z.output<typeof patientConsentRecord>;
/** One recorded consent change (`getConsent`). */
export type ConsentEntry = z.output<typeof consentEntryRecord>;

export type ChronicCondition = z.output<typeof chronicConditionRecord>;
export type Medication = z.output<typeof medicationRecord>;
/** The care plan's structured part (everything but the note). */
export type CarePlanFields = z.output<typeof carePlanFieldsRecord>;
/** `getCarePlan`. */
export type CarePlan = z.output<typeof carePlanRecord>;

/** Who saved a clinical document or one of its revisions (by user id; see the schema). */
export type DocumentAuthor = z.output<typeof documentAuthorRecord>;

export type OutreachCadence = z.output<typeof outreachCadenceRecord>;

/** One reading or screening score from a call (`listObservations`). */
export type Observation = z.output<typeof observationRecord>;

export type DashboardStats = z.output<typeof dashboardStatsRecord>;
/** `dashboardStats`: the totals, and for employees the newest organizations. */
export type DashboardStatsResponse = z.output<typeof dashboardStatsAnswer>;

/** One page of a list, newest first: pass `next_cursor` back as `cursor` for the next page (null: no more). */
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/** One saved version of a care plan or EMR notes: revisions are never changed or removed. */
export type DocumentRevision = z.output<typeof documentRevisionRecord>;

/** `carePlanRevisions` (and `/emr-notes/revisions`). */
export type DocumentRevisionPage = Page<DocumentRevision>;

/** One audit event about a patient, as operators read it (`accessHistory`). */
export type AccessHistoryEntry = z.output<typeof accessHistoryEntryRecord>;

export type AccessHistoryPage = Page<AccessHistoryEntry>;

/** `listPatients`?search=&limit=&cursor=`. */
export type PatientPage = Page<Patient>;

/** `listUsers` and `listOrganizationUsers`. */
export type UserPage = Page<UserProfile>;

/** `listOrganizations`?search=&limit=&cursor=`. */
export type OrganizationPage = Page<ProviderOrganization>;

/** A patient's two clinical documents: the same shape, routes, editing and revisions. */
export type DocumentKind = 'care_plan' | 'emr_notes';
