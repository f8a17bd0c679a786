import type { Page } from '../../kernel/ports';
import { TABLE_SCHEMA } from './table-schema';

/** An ElectroDB query chain, before `go`: enough of it to page. */
interface PagedQuery<T> {
  params(): unknown;
  go(options: {
    order: 'asc' | 'desc';
    limit: number;
    count: number;
    cursor: string | null;
    pages?: number;
  }): Promise<{ data: T[]; cursor: string | null }>;
}

/**
 * One page of a Query, newest first unless `order` says otherwise. A cursor came from the client, so it is used only when the key
 * inside it lies in the partition this query reads; `invalid_cursor` otherwise, or when DynamoDB
 * refuses it as a start key. A filtered query passes `pages`: it reads on until the page is full,
 * the partition ends or that many requests were made (then the page is short and has a cursor).
 */
export async function queryPage<T>(
  query: PagedQuery<T>,
  limit: number,
  cursor: string | null,
  order: 'asc' | 'desc' = 'desc',
  pages?: number,
): Promise<Page<T> | 'invalid_cursor'> {
  if (cursor !== null && !cursorInPartition(query.params(), cursor)) return 'invalid_cursor';
  try {
    const result = await query.go({ order, limit, count: limit, cursor, ...(pages ? { pages } : {}) });
    return { items: result.data, cursor: result.cursor ?? null };
  } catch (error) {
    if (cursor !== null && isValidationError(error)) return 'invalid_cursor';
    throw error;
  }
}

/** Whether the start key in an ElectroDB cursor (base64url JSON) names the partition the query reads. */
function cursorInPartition(params: unknown, cursor: string): boolean {
  const { IndexName, ExpressionAttributeValues } = params as {
    IndexName?: string;
    ExpressionAttributeValues?: Record<string, unknown>;
  };
  const partition = ExpressionAttributeValues?.[':pk'];
  const field =
    IndexName === undefined
      ? TABLE_SCHEMA.partitionKey
      : TABLE_SCHEMA.globalIndexes.find((i) => i.indexName === IndexName)?.partitionKey;
  if (typeof partition !== 'string' || !field) return false;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    return key[field] === partition;
  } catch {
    return false;
  }
}

/** DynamoDB's refusal of a request it finds malformed (here: a start key that fits no item of the query). */
function isValidationError(error: unknown): boolean {
  const cause = (error as { cause?: { name?: unknown } } | null)?.cause;
  return (error as { name?: unknown } | null)?.name === 'ValidationException' || cause?.name === 'ValidationException';
}
