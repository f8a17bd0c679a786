import { PAGE_LIMIT_MAX, type PageQuery } from '../../shared/validation';
import { fail } from './error-catalogue';

/**
 * Page cursors. To callers a cursor is opaque; inside it is what the adapters page with: the
 * base64url JSON of the key the last page stopped at (DynamoDB's LastEvaluatedKey, which is what
 * ElectroDB's `cursor` is). It comes back from the client, so it is checked before any adapter
 * sees it: a cursor the server could not have made is refused with one code.
 */
export const invalidCursor = () => fail('invalidCursor');

/** Longer than any key of the table (four key attributes of bounded ids) could make. */
export const CURSOR_MAX_LENGTH = 1024;
const KEY_ATTRIBUTES_MAX = 4;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export interface PageRequest {
  limit: number;
  /** null for the first page. */
  cursor: string | null;
}

/** A page request from `?limit=&cursor=`: the limit defaults and the cursor is checked. */
export function pageRequest(query: PageQuery, defaultLimit: number): PageRequest {
  return { limit: Math.min(query.limit ?? defaultLimit, PAGE_LIMIT_MAX), cursor: readCursor(query.cursor) };
}

/** The cursor as sent, once it is one the server could have made; null when none was sent. */
export function readCursor(cursor: string | null | undefined): string | null {
  if (cursor === undefined || cursor === null || cursor === '') return null;
  if (cursor.length > CURSOR_MAX_LENGTH || !BASE64URL.test(cursor)) throw invalidCursor();
  if (!isKey(decode(cursor))) throw invalidCursor();
  return cursor;
}

function decode(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

function isKey(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length > 0 &&
    entries.length <= KEY_ATTRIBUTES_MAX &&
    entries.every(([name, v]) => /^[a-z0-9_]{1,32}$/.test(name) && typeof v === 'string' && v.length > 0)
  );
}
