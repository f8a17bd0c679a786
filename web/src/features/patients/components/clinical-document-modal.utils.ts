import type { ClinicalDocument } from '../../../../../shared/domain';

/**
 * The care-plan modal (product-rules.md "Screens") (EMR notes behave the same): load; no document → edit mode with
 * empty text; a document → view mode; Save → view mode; Cancel → view mode with the saved
 * content, or close when there is no document; a load failure → edit mode.
 */

/** What the load gave. */
export type DocumentLoad =
  { status: 'loading' } | { status: 'loaded'; document: ClinicalDocument | null } | { status: 'failed' };

/** What the person chose; 'auto' follows the load result. */
export type DocumentChoice =
  | { mode: 'auto' }
  | { mode: 'view' }
  /** `version` is the version read when editing began: present → PUT, absent → POST. */
  | { mode: 'edit'; draft: string; version: number | undefined };

export type DocumentView =
  | { mode: 'loading' }
  | { mode: 'view'; document: ClinicalDocument }
  | { mode: 'edit'; draft: string; version: number | undefined; document: ClinicalDocument | null };

export const INITIAL_CHOICE: DocumentChoice = { mode: 'auto' };

export function documentView(load: DocumentLoad, choice: DocumentChoice): DocumentView {
  if (load.status === 'loading') return { mode: 'loading' };
  const document = load.status === 'loaded' ? load.document : null;
  if (choice.mode === 'edit') return { mode: 'edit', draft: choice.draft, version: choice.version, document };
  if (document) return { mode: 'view', document };
  return { mode: 'edit', draft: '', version: undefined, document: null };
}

/** 'Edit' from view mode: the draft starts from the saved content. */
export function startEditing(document: ClinicalDocument): DocumentChoice {
  return { mode: 'edit', draft: document.content, version: document.version };
}

export function changeDraft(view: Extract<DocumentView, { mode: 'edit' }>, draft: string): DocumentChoice {
  return { mode: 'edit', draft, version: view.version };
}

/** Cancel: back to the saved content, or close the modal when nothing is saved. */
export function cancelEditing(document: ClinicalDocument | null): DocumentChoice | 'close' {
  return document ? { mode: 'view' } : 'close';
}

/** After a save the cache holds the saved document, shown in view mode. */
export const AFTER_SAVE: DocumentChoice = { mode: 'view' };

/** The load state of a TanStack query: data already there counts as loaded, even mid-refetch. */
export function toDocumentLoad(query: { data: ClinicalDocument | null | undefined; isError: boolean }): DocumentLoad {
  if (query.data !== undefined) return { status: 'loaded', document: query.data };
  if (query.isError) return { status: 'failed' };
  return { status: 'loading' };
}
