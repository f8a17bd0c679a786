import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * The search index (lambdas/kernel/search.ts): one item per search term of a patient, staff
 * account or organization, written and removed in the same transaction as the record. A search is
 * one Query with the sort key beginning with the normalized prefix. `search_scope` is
 * `patient#<organizationId>`, `user` or `organization`; `role` (accounts: their role, or
 * `pending`) lets the users list filter in the Query.
 */
export function searchEntryEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'search_entry', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        search_scope: { type: 'string', required: true },
        term: { type: 'string', required: true },
        record_id: { type: 'string', required: true },
        shadow: { type: 'number', required: true },
        role: { type: 'string' },
      },
      indexes: { byTerm: primary(['search_scope'], ['term', 'record_id']) },
    },
    config,
  );
}
