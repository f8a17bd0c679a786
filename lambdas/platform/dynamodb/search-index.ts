import type { Page } from '../../kernel/ports';
import { indexTerms } from '../../kernel/search';
import type { CareLoopService } from './entities';
import { queryPage } from './paging';

/** The entities as a write transaction hands them to its callback. */
type WriteEntities = Parameters<Parameters<CareLoopService['transaction']['write']>[0]>[0];

/** Where a record's search terms live (the search_entry entity's partition). */
export const SEARCH_SCOPE = {
  patients: (organizationId: string) => `patient#${organizationId}`,
  users: 'user',
  organizations: 'organization',
} as const;

export interface IndexedRecord {
  id: string;
  terms: readonly string[];
  /** Accounts: their role, or `pending` (filters the users list in the Query). */
  role?: string;
}

/**
 * The writes that move a record's index items from `before` to `after` (null: not indexed), for
 * the transaction that writes the record: terms it lost are deleted, every current term is put
 * (its shadow or role may have moved). A term in both is only put: one operation per item.
 */
export function searchWrites(
  { searchEntry }: Pick<WriteEntities, 'searchEntry'>,
  scope: string,
  before: IndexedRecord | null,
  after: IndexedRecord | null,
) {
  const kept = new Set(after?.terms ?? []);
  const removed = (before?.terms ?? []).filter((t) => !kept.has(t) || before?.id !== after?.id);
  return [
    ...removed.map((term) => searchEntry.delete({ search_scope: scope, term, record_id: before?.id ?? '' }).commit()),
    ...(after ? searchPuts({ searchEntry }, scope, after) : []),
  ];
}

/** The index items of a new record, for the transaction that creates it (puts only: nothing to remove). */
export function searchPuts({ searchEntry }: Pick<WriteEntities, 'searchEntry'>, scope: string, record: IndexedRecord) {
  return searchItems(scope, record).map((item) => searchEntry.put(item).commit());
}

/** A record's index items, one per term (see `indexTerms`). */
function searchItems(scope: string, record: IndexedRecord) {
  return indexTerms(record.terms).map(({ term, shadow }) => ({
    search_scope: scope,
    term,
    record_id: record.id,
    shadow,
    ...(record.role ? { role: record.role } : {}),
  }));
}

/**
 * Ids of the records with a term starting with `prefix`, in term order, each once (see
 * `indexTerms`): one Query, with `role` filtered in it when given.
 */
export async function searchIds(
  db: CareLoopService,
  scope: string,
  prefix: string,
  limit: number,
  cursor: string | null,
  role?: string,
): Promise<Page<string> | 'invalid_cursor'> {
  const query = db.entities.searchEntry.query
    .byTerm({ search_scope: scope })
    .begins({ term: prefix })
    .where(({ shadow, role: entryRole }, { lt, eq }) =>
      role === undefined ? lt(shadow, prefix.length) : `${lt(shadow, prefix.length)} AND ${eq(entryRole, role)}`,
    );
  const page = await queryPage(query, limit, cursor, 'asc');
  return page === 'invalid_cursor' ? page : { items: page.items.map((e) => e.record_id), cursor: page.cursor };
}
