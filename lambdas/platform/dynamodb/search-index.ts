/**
 * The search index's read (entities/search-entry.ts): the plans write its items with
 * kernel/read-models/search-entries.ts, in the transaction of the record they index.
 */
import type { Page } from '../../kernel/ports';
import type { CareLoopService } from './entities';
import { queryPage } from './paging';

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
