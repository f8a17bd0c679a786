import { describe, expect, it } from 'vitest';
import { BATCH_GET_ATTEMPTS, batchGetAll } from './batch-get';

/**
 * DynamoDB Local answers every BatchGetItem in full (it neither throttles nor stops at 16 MB), so
 * unprocessed keys are forced here with a reader that leaves some keys out, as DynamoDB does.
 */
function flakyReader(leaveOut: number[]) {
  const calls: string[][] = [];
  const read = (keys: { id: string }[]) => {
    calls.push(keys.map((k) => k.id));
    const skip = leaveOut[calls.length - 1] ?? 0;
    return Promise.resolve({
      data: keys.slice(skip).map((k) => ({ id: k.id, value: k.id.toUpperCase() })),
      unprocessed: keys.slice(0, skip),
    });
  };
  return { read, calls };
}

describe('batchGetAll', () => {
  const keys = ['a', 'b', 'c', 'd'].map((id) => ({ id }));

  it('asks again for the keys left unprocessed, with growing pauses, until every item is read', async () => {
    const { read, calls } = flakyReader([3, 1]);
    const pauses: number[] = [];
    const items = await batchGetAll(read, keys, (ms) => {
      pauses.push(ms);
      return Promise.resolve();
    });
    expect(items.map((i) => i.id).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(calls).toEqual([['a', 'b', 'c', 'd'], ['a', 'b', 'c'], ['a']]);
    expect(pauses).toEqual([25, 50]);
  });

  it('fails after the last attempt rather than answer as if the items did not exist', async () => {
    const { read, calls } = flakyReader(Array.from({ length: BATCH_GET_ATTEMPTS }, () => 1));
    await expect(batchGetAll(read, keys, () => Promise.resolve())).rejects.toThrow('1 keys unprocessed');
    expect(calls).toHaveLength(BATCH_GET_ATTEMPTS);
  });

  it('reads nothing for no keys', async () => {
    const { read, calls } = flakyReader([]);
    expect(await batchGetAll(read, [])).toEqual([]);
    expect(calls).toHaveLength(0);
  });
});
