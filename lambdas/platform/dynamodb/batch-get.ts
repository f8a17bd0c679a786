/** How often keys DynamoDB left unprocessed (throttling, the 16 MB answer limit) are asked for again. */
export const BATCH_GET_ATTEMPTS = 4;
const BACKOFF_MS = 25;

/** One BatchGetItem as ElectroDB answers it: the items read and the keys it left unprocessed. */
export type BatchRead<K, T> = (keys: K[]) => Promise<{ data: T[]; unprocessed: K[] }>;

/**
 * Every item of `keys` that exists: the keys DynamoDB left unprocessed are asked for again with
 * exponential backoff (25, 50, 100 ms), at most BATCH_GET_ATTEMPTS reads in all; then it fails
 * rather than answer as if those items did not exist.
 */
export async function batchGetAll<K, T>(
  read: BatchRead<K, T>,
  keys: readonly K[],
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T[]> {
  const found: T[] = [];
  let pending = [...keys];
  for (let attempt = 1; pending.length > 0; attempt++) {
    const { data, unprocessed } = await read(pending);
    found.push(...data);
    if (unprocessed.length === 0) break;
    if (attempt === BATCH_GET_ATTEMPTS)
      throw new Error(`batch read incomplete: ${unprocessed.length} keys unprocessed`);
    pending = unprocessed;
    await sleep(BACKOFF_MS * 2 ** (attempt - 1));
  }
  return found;
}
