/** Consent (product-rules.md "Care management (CCM)") and clinical documents: care plans and EMR notes. */
import type { CarePlanFields, DocumentKind } from '../../shared/domain';
import type { Page } from '../kernel/ports';

export type { DocumentKind };

/**
 * Who saved a clinical document: the user id (the token's `sub`). Documents saved before authors
 * were kept by id hold only the e-mail address of the time.
 */
export type AuthorRef = { userId: string } | { legacyEmail: string };

/** The current version of a care plan or EMR notes. */
export interface ClinicalDocumentRecord {
  id: string;
  patient_id: string;
  provider_id: string;
  content: string;
  created_at: string;
  created_by: AuthorRef;
  updated_at: string;
  updated_by: AuthorRef;
  version: number;
  /** False for a document last saved before revisions were kept: its current version has no revision item. */
  has_revision: boolean;
  /** Care plans saved structured: the structured part (`content` is the note). Absent otherwise. */
  plan?: CarePlanFields;
}

/** One saved version; revisions are written once and never changed. */
export interface DocumentRevisionRecord {
  version: number;
  content: string;
  plan?: CarePlanFields;
  saved_at: string;
  saved_by: AuthorRef;
}

export interface DocumentChange {
  content: string;
  /** Care plans: the structured part; its number of conditions is written on the patient in the same transaction. */
  plan?: CarePlanFields;
  /** User id of the author. */
  by: string;
  at: string;
}

export interface ClinicalDocumentRepository {
  get(kind: DocumentKind, patientId: string): Promise<ClinicalDocumentRecord | null>;
  /** The document and its first revision, in one transaction; `exists` when the patient has one already. */
  create(kind: DocumentKind, doc: ClinicalDocumentRecord): Promise<'created' | 'exists'>;
  /**
   * Saves the next version over `current` (as read) with its revision, in one transaction that holds
   * only while the stored version is still `current.version`; a document without revisions gets the
   * revision of `current` in the same transaction. `conflict` when it changed in between.
   */
  update(
    kind: DocumentKind,
    current: ClinicalDocumentRecord,
    change: DocumentChange,
  ): Promise<ClinicalDocumentRecord | 'conflict'>;
  /** Revisions, newest first. `invalid_cursor` when the cursor does not belong to this list. */
  listRevisions(
    kind: DocumentKind,
    patientId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<DocumentRevisionRecord> | 'invalid_cursor'>;
}
