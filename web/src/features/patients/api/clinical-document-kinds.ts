import type { DocumentKind } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';

/** Care plans and EMR notes: the same shape, routes and editing; different names and texts. */
export type { DocumentKind };

export interface DocumentKindConfig {
  /** Route segment under `/patients/{patientId}/`. */
  segment: string;
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
    segment: 'care-plan',
    responseKey: 'carePlan',
    title: 'Care Plan',
    noun: 'care plan',
    fetchError: FALLBACK_ERRORS.fetchCarePlan,
    saveError: FALLBACK_ERRORS.saveCarePlan,
    historyError: 'Failed to load the care plan history',
  },
  emr_notes: {
    segment: 'emr-notes',
    responseKey: 'emrNotes',
    title: 'EMR Notes',
    noun: 'EMR notes',
    fetchError: FALLBACK_ERRORS.fetchPatientData,
    saveError: FALLBACK_ERRORS.saveEmrNotes,
    historyError: 'Failed to load the EMR notes history',
  },
};
