/** Consent (product-rules.md "Care management (CCM)") and clinical documents: care plans and EMR notes. */
import type { CarePlanFields, DocumentKind } from '../../shared/domain';
import type { PatientLookup } from '../kernel/access';
import type { Page } from '../kernel/ports';
import type { ConsentRecord } from '../kernel/records/consent';

export type { DocumentKind };

/**
 * Who saved a clinical document: the user id (the token's `sub`) and their name as it was when they
 * saved it (kept on the record as a signed paper record keeps it, so a page of revisions needs no
 * read of profiles). Saves from before names were kept have no name: their author is named by
 * reading the profile. Documents saved before authors were kept by id hold only the e-mail address
 * of the time.
 */
export type AuthorRef = { userId: string; name?: string } | { legacyEmail: string };

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
  /** The author: their user id and name (absent when their profile could not be read). */
  by: { userId: string; name?: string };
  at: string;
}

export interface ClinicalDocumentRepository {
  get(kind: DocumentKind, patientId: string): Promise<ClinicalDocumentRecord | null>;
  /** Revisions, newest first. `invalid_cursor` when the cursor does not belong to this list. */
  listRevisions(
    kind: DocumentKind,
    patientId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<DocumentRevisionRecord> | 'invalid_cursor'>;
}

/**
 * A patient's consent changes as care plans record and read them (the patients' repository
 * satisfies it); the patient is read for the standing check.
 */
export interface PatientConsents extends PatientLookup {
  /** A patient's consent changes, newest first; `invalid_cursor` when the cursor is not of this list. */
  pageConsents(
    patientId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<ConsentRecord> | 'invalid_cursor'>;
}

/** How an author is shown: the account's name, and its e-mail address. */
export interface AuthorName {
  name: string;
  email: string;
}

/** Names of the staff who saved a document or recorded a consent (the users' directory satisfies it). */
export interface AuthorDirectory {
  /** By user id, profiles kept after deletion included; ids without a profile are left out. */
  displayOf(userIds: readonly string[]): Promise<Map<string, AuthorName>>;
}
