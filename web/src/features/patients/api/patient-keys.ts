import type { DocumentKind } from './clinical-document-kinds';

export const patientKeys = {
  all: ['patients'] as const,
  detail: (patientId: string) => [...patientKeys.all, patientId] as const,
  document: (patientId: string, kind: DocumentKind) => [...patientKeys.detail(patientId), kind] as const,
  revisions: (patientId: string, kind: DocumentKind) =>
    [...patientKeys.document(patientId, kind), 'revisions'] as const,
  accessHistory: (patientId: string) => [...patientKeys.detail(patientId), 'access-history'] as const,
};

/**
 * Screens of other features that list patients or count them (an organization's patients and
 * patient_count, dashboard totals): refreshed after a patient is added or changed.
 */
export const KEYS_SHOWING_PATIENTS = [['organizations'], ['dashboard-stats']] as const;
