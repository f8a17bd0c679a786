/**
 * The search index's items (platform/dynamodb/search-index.ts reads them) as plan writes: a
 * record's index items move in the transaction that writes the record.
 */
import { indexTerms } from '../search';
import type { ItemWrite } from '../write-plan';

/** What the index holds of a record: its id and search terms, and, for accounts, their role or `pending`. */
export interface IndexedRecord {
  readonly id: string;
  readonly terms: readonly string[];
  readonly role?: string;
}

/** Where a record's search terms live (the search_entry entity's partition). */
export const SEARCH_ENTRY_SCOPE = {
  patients: (organizationId: string) => `patient#${organizationId}`,
  users: 'user',
  organizations: 'organization',
} as const;

/**
 * The writes that move a record's index items from `before` to `after` (null: not indexed): terms
 * it lost are deleted, every current term is put (its shadow or role may have moved). A term in
 * both is only put: one operation per item. `before`'s terms are all of them, not only those with
 * items (`indexTerms`): a record indexed before a term became redundant loses that item here, and
 * deleting an item that was never written is no failure.
 */
export function searchEntryWrites(
  scope: string,
  before: IndexedRecord | null,
  after: IndexedRecord | null,
): ItemWrite[] {
  const kept = new Set(after ? indexTerms(after.terms).map((t) => t.term) : []);
  const removed = (before?.terms ?? []).filter((t) => !kept.has(t) || before?.id !== after?.id);
  return [
    ...removed.map((term): ItemWrite => ({
      op: 'delete',
      entity: 'searchEntry',
      key: { search_scope: scope, term, record_id: before?.id ?? '' },
    })),
    ...(after ? searchEntryPuts(scope, after) : []),
  ];
}

/** The index items of a new record, one per term (see `indexTerms`). */
export function searchEntryPuts(scope: string, record: IndexedRecord): ItemWrite[] {
  return indexTerms(record.terms).map(({ term, shadow }) => ({
    op: 'put',
    entity: 'searchEntry',
    item: { search_scope: scope, term, record_id: record.id, shadow, ...(record.role ? { role: record.role } : {}) },
  }));
}
