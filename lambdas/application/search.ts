import { isUuid } from '../../shared/validation';

/**
 * Free-text search over a list already read with a Query (never a Scan): case-insensitive
 * substring match on any of the given fields. An absent or blank search matches everything.
 */
export function matchesSearch(search: string | undefined, fields: readonly (string | null | undefined)[]): boolean {
  const needle = search?.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((field) => field?.toLowerCase().includes(needle) ?? false);
}

/**
 * Record ids are lower-case UUIDs (`ids.newId()`, Cognito subs); anything else cannot name a record
 * and never reaches a key. Handlers refuse malformed path ids with 400 before this; it guards ids
 * from bodies and stored references.
 */
export const isRecordId = isUuid;
