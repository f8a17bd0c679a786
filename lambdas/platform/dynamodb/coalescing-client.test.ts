import { BatchGetCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { CoalescingClient } from './coalescing-client';

type Item = Record<string, unknown>;
const TABLE = 'careloop';
const key = (id: string) => ({ pk: `patient#${id}`, sk: 'patient' });
const item = (id: string) => ({ ...key(id), first: id });

/**
 * A scripted DynamoDB: it answers gets and batch gets from a map and records every request, so
 * that a test can say how many requests a set of reads became. `unprocessed` leaves the first
 * batch's keys of those ids unread once; `failBatchesWith` fails every BatchGet whose keys hold
 * that id, the way DynamoDB refuses a whole request for one malformed key.
 */
function scripted(options: { unprocessed?: string[]; failBatchesWith?: string } = {}) {
  const table = new Map<string, Item>(['a', 'b', 'c'].map((id) => [JSON.stringify(key(id)), item(id)]));
  const requests: unknown[] = [];
  let leftOnce = new Set(options.unprocessed ?? []);
  const client = {
    send: async (command: unknown) => {
      requests.push(command);
      if (command instanceof GetCommand) {
        if (String(command.input.Key?.pk).includes('bad')) throw new Error('ValidationException');
        const found = table.get(JSON.stringify(command.input.Key));
        return { $metadata: {}, ...(found ? { Item: found } : {}) };
      }
      if (command instanceof BatchGetCommand) {
        const keys = (command.input.RequestItems?.[TABLE]?.Keys ?? []) as Item[];
        if (options.failBatchesWith && keys.some((k) => String(k.pk).includes(options.failBatchesWith ?? ''))) {
          throw new Error('ValidationException');
        }
        const left = keys.filter((k) => leftOnce.has(String(k.pk).split('#')[1] ?? ''));
        leftOnce = new Set();
        const read = keys.filter((k) => !left.includes(k));
        return {
          $metadata: {},
          Responses: { [TABLE]: read.flatMap((k) => table.get(JSON.stringify(k)) ?? []) },
          UnprocessedKeys: left.length > 0 ? { [TABLE]: { Keys: left } } : {},
        };
      }
      return { $metadata: {}, passed: true };
    },
  };
  return { client, requests, coalescing: new CoalescingClient(client as never) };
}

const get = (c: CoalescingClient, id: string, extra: Partial<GetCommand['input']> = {}) =>
  c.send(new GetCommand({ TableName: TABLE, Key: key(id), ...extra })) as Promise<{ Item?: Item }>;

type BatchGetAnswer = { Responses?: Record<string, Item[]>; UnprocessedKeys?: Record<string, { Keys?: Item[] }> };

const batchGet = (c: CoalescingClient, ids: string[], consistent = false) =>
  c.send(
    new BatchGetCommand({
      RequestItems: { [TABLE]: { Keys: ids.map(key), ...(consistent ? { ConsistentRead: true } : {}) } },
    }),
  ) as Promise<BatchGetAnswer>;

describe('CoalescingClient', () => {
  it('joins gets started together into one BatchGetItem, each answering its own item or none', async () => {
    const { coalescing, requests } = scripted();
    const [a, missing, c] = await Promise.all([get(coalescing, 'a'), get(coalescing, 'zz'), get(coalescing, 'c')]);
    expect(a.Item).toEqual(item('a'));
    expect(missing.Item).toBeUndefined();
    expect(c.Item).toEqual(item('c'));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toBeInstanceOf(BatchGetCommand);
  });

  it('sends a get that has no company as a plain GetItem', async () => {
    const { coalescing, requests } = scripted();
    expect((await get(coalescing, 'b')).Item).toEqual(item('b'));
    expect(requests.map((r) => r?.constructor)).toEqual([GetCommand]);
  });

  it('reads a key asked for twice once, and answers both callers', async () => {
    const { coalescing, requests } = scripted();
    const [first, second, other] = await Promise.all([
      get(coalescing, 'a'),
      get(coalescing, 'a'),
      get(coalescing, 'b'),
    ]);
    expect(first.Item).toEqual(item('a'));
    expect(second.Item).toEqual(item('a'));
    expect(other.Item).toEqual(item('b'));
    const batch = requests[0] as BatchGetCommand;
    expect(batch.input.RequestItems?.[TABLE]?.Keys).toEqual([key('a'), key('b')]);
  });

  it('keeps strongly consistent gets apart from eventually consistent ones', async () => {
    const { coalescing, requests } = scripted();
    await Promise.all([
      get(coalescing, 'a', { ConsistentRead: true }),
      get(coalescing, 'b', { ConsistentRead: true }),
      get(coalescing, 'c'),
    ]);
    const batches = requests.filter((r): r is BatchGetCommand => r instanceof BatchGetCommand);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.input.RequestItems?.[TABLE]).toMatchObject({ ConsistentRead: true, Keys: [key('a'), key('b')] });
    expect(requests.filter((r) => r instanceof GetCommand)).toHaveLength(1);
  });

  it('sends a get with a projection alone, and every other command straight through', async () => {
    const { coalescing, requests } = scripted();
    const put = new PutCommand({ TableName: TABLE, Item: item('d') });
    const [projected, , passed] = await Promise.all([
      get(coalescing, 'a', { ProjectionExpression: 'pk' }),
      get(coalescing, 'b'),
      coalescing.send(put),
    ]);
    expect(projected.Item).toEqual(item('a'));
    expect(passed).toEqual({ $metadata: {}, passed: true });
    expect(requests[0]).toBeInstanceOf(GetCommand);
    expect(requests[1]).toBe(put);
  });

  it('reads the keys DynamoDB left unprocessed again', async () => {
    const { coalescing, requests } = scripted({ unprocessed: ['b'] });
    const [a, b] = await Promise.all([get(coalescing, 'a'), get(coalescing, 'b')]);
    expect(a.Item).toEqual(item('a'));
    expect(b.Item).toEqual(item('b'));
    expect(requests).toHaveLength(2);
  });

  it('fails only the caller of a bad key when DynamoDB refuses the whole batch', async () => {
    const { coalescing } = scripted({ failBatchesWith: 'bad' });
    const [a, bad] = await Promise.allSettled([get(coalescing, 'a'), get(coalescing, 'bad')]);
    expect(a).toEqual({ status: 'fulfilled', value: { $metadata: {}, Item: item('a') } });
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('ValidationException') });
  });

  it('splits more than 100 gets into batches of 100', async () => {
    const { coalescing, requests } = scripted();
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => get(coalescing, i === 0 ? 'a' : `n${i}`)));
    expect(answers[0]?.Item).toEqual(item('a'));
    const sizes = requests.map((r) => ((r as BatchGetCommand).input.RequestItems?.[TABLE]?.Keys ?? []).length);
    expect(sizes).toEqual([100, 50]);
  });

  it('starts a new batch for gets that come after the last one was sent', async () => {
    const { coalescing, requests } = scripted();
    await Promise.all([get(coalescing, 'a'), get(coalescing, 'b')]);
    await Promise.all([get(coalescing, 'c'), get(coalescing, 'a')]);
    expect(requests.map((r) => r?.constructor)).toEqual([BatchGetCommand, BatchGetCommand]);
  });

  it('joins batch gets started beside gets, each batch answering the items of its own keys', async () => {
    const { coalescing, requests } = scripted();
    const [a, batch, other] = await Promise.all([
      get(coalescing, 'a'),
      batchGet(coalescing, ['b', 'zz', 'a']),
      batchGet(coalescing, ['c', 'b']),
    ]);
    expect(a.Item).toEqual(item('a'));
    expect(batch.Responses?.[TABLE]).toEqual([item('b'), item('a')]);
    expect(batch.UnprocessedKeys).toEqual({});
    expect(other.Responses?.[TABLE]).toEqual([item('c'), item('b')]);
    expect(requests).toHaveLength(1);
    expect((requests[0] as BatchGetCommand).input.RequestItems?.[TABLE]?.Keys).toEqual([
      key('a'),
      key('b'),
      key('zz'),
      key('c'),
    ]);
  });

  it('sends a batch get that has no company as it is, unprocessed keys and all', async () => {
    const { coalescing, requests } = scripted({ unprocessed: ['b'] });
    const command = new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: [key('a'), key('b')] } } });
    const answer = (await coalescing.send(command)) as BatchGetAnswer;
    expect(requests).toEqual([command]);
    expect(answer.Responses?.[TABLE]).toEqual([item('a')]);
    expect(answer.UnprocessedKeys).toEqual({ [TABLE]: { Keys: [key('b')] } });
  });

  it('sends as they are the batch gets DynamoDB would answer differently joined', async () => {
    const { coalescing, requests } = scripted();
    const projected = new BatchGetCommand({
      RequestItems: {
        [TABLE]: { Keys: [key('a')], ProjectionExpression: '#f', ExpressionAttributeNames: { '#f': 'first' } },
      },
    });
    const twice = new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: [key('a'), key('a')] } } });
    const twoTables = new BatchGetCommand({
      RequestItems: { [TABLE]: { Keys: [key('b')] }, other: { Keys: [key('b')] } },
    });
    const tooMany = new BatchGetCommand({
      RequestItems: { [TABLE]: { Keys: Array.from({ length: 101 }, (_, i) => key(`n${i}`)) } },
    });
    await Promise.all(
      [projected, twice, twoTables, tooMany].map((c) => coalescing.send(c)).concat(get(coalescing, 'c')),
    );
    expect(requests.slice(0, 4)).toEqual([projected, twice, twoTables, tooMany]);
    expect(requests[4]).toBeInstanceOf(GetCommand);
  });

  it('keeps strongly consistent batch gets apart, and reads again what a joined batch left unprocessed', async () => {
    const { coalescing, requests } = scripted({ unprocessed: ['b'] });
    const [consistent, eventual, alone] = await Promise.all([
      batchGet(coalescing, ['a', 'b'], true),
      get(coalescing, 'b', { ConsistentRead: true }),
      batchGet(coalescing, ['c']),
    ]);
    expect(consistent.Responses?.[TABLE]).toEqual([item('a'), item('b')]);
    expect(consistent.UnprocessedKeys).toEqual({});
    expect(eventual.Item).toEqual(item('b'));
    expect(alone.Responses?.[TABLE]).toEqual([item('c')]);
    const consistentReads = requests.filter(
      (r) => r instanceof BatchGetCommand && r.input.RequestItems?.[TABLE]?.ConsistentRead === true,
    );
    expect(consistentReads).toHaveLength(2);
    expect(requests).toHaveLength(3);
  });

  it('fails only the batch holding a bad key when DynamoDB refuses the joined read', async () => {
    const { coalescing } = scripted({ failBatchesWith: 'bad' });
    const [a, bad, good] = await Promise.allSettled([
      get(coalescing, 'a'),
      batchGet(coalescing, ['b', 'bad']),
      batchGet(coalescing, ['c']),
    ]);
    expect(a).toEqual({ status: 'fulfilled', value: { $metadata: {}, Item: item('a') } });
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('ValidationException') });
    expect(good).toMatchObject({ status: 'fulfilled', value: { Responses: { [TABLE]: [item('c')] } } });
  });
});
