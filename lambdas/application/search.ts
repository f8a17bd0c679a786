/**
 * Free-text search over a list already read with a Query (never a Scan): case-insensitive
 * substring match on any of the given fields. An absent or blank search matches everything.
 */
export function matchesSearch(search: string | undefined, fields: readonly (string | null | undefined)[]): boolean {
  const needle = search?.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((field) => field?.toLowerCase().includes(needle) ?? false);
}

/** Record ids in paths are UUIDs (or Cognito subs); anything else cannot name a record. */
export const isRecordId = (value: string) => /^[A-Za-z0-9_-]{1,128}$/.test(value);
