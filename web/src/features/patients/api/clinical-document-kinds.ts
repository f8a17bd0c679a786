import { CARE_PLANS_ROUTES } from '../../../../../shared/api/routes/care-plans';
import type { DocumentKind } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';

/** Care plans and EMR notes: the same shape, routes and editing; different names and texts. */
export type { DocumentKind };

/** A care plans route: each names its patient and nothing else. */
type DocumentRoute = (typeof CARE_PLANS_ROUTES)[keyof typeof CARE_PLANS_ROUTES];

export interface DocumentKindConfig {
  /** The kind's routes. */
  routes: Record<'get' | 'create' | 'update' | 'revisions', DocumentRoute>;
  /** Property of the response body holding the document. */
  responseKey: 'carePlan' | 'emrNotes';
  title: string;
  /** Lower-case name for sentences. */
  noun: string;
  fetchError: string;
  saveError: string;
  historyError: string;
}

export const DOCUMENT_KINDS: Record<DocumentKind, DocumentKindConfig> = {
  care_plan: {
    routes: {
      get: CARE_PLANS_ROUTES.getCarePlan,
      create: CARE_PLANS_ROUTES.createCarePlan,
      update: CARE_PLANS_ROUTES.updateCarePlan,
      revisions: CARE_PLANS_ROUTES.carePlanRevisions,
    },
    responseKey: 'carePlan',
    title: 'Care Plan',
    noun: 'care plan',
    fetchError: FALLBACK_ERRORS.fetchCarePlan,
    saveError: FALLBACK_ERRORS.saveCarePlan,
    historyError: 'Failed to load the care plan history',
  },
  emr_notes: {
    routes: {
      get: CARE_PLANS_ROUTES.getEmrNotes,
      create: CARE_PLANS_ROUTES.createEmrNotes,
      update: CARE_PLANS_ROUTES.updateEmrNotes,
      revisions: CARE_PLANS_ROUTES.emrNotesRevisions,
    },
    responseKey: 'emrNotes',
    title: 'EMR Notes',
    noun: 'EMR notes',
    fetchError: FALLBACK_ERRORS.fetchPatientData,
    saveError: FALLBACK_ERRORS.saveEmrNotes,
    historyError: 'Failed to load the EMR notes history',
  },
};
