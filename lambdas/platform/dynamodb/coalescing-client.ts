import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, type BatchGetCommandOutput, type GetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from './batch-get';

/** BatchGetItem reads at most this many keys in one request. */
export const BATCH_GET_LIMIT = 100;

type Item = Record<string, unknown>;
type Send = (command: unknown, options?: unknown) => Promise<unknown>;

/** A read waiting for its turn: a GetItem, or a BatchGetItem of one table. */
type PendingRead =
  | {
      readonly kind: 'get';
      readonly command: GetCommand;
      readonly resolve: (output: GetCommandOutput) => void;
      readonly reject: (error: unknown) => void;
    }
  | {
      readonly kind: 'batch';
      readonly command: BatchGetCommand;
      readonly keys: readonly Item[];
      readonly resolve: (output: BatchGetCommandOutput) => void;
      readonly reject: (error: unknown) => void;
    };

/** What the reads of one BatchGetItem share: the table and the read consistency. */
interface ReadGroup {
  readonly table: string;
  readonly consistent: boolean;
}

/** A key's identity: its attribute names and values, in a stable order. */
const keyId = (key: Item, names: readonly string[]) => JSON.stringify(names.map((n) => [n, key[n]]));

/** A get this client may join with others: the whole item, by its key. */
const joinableGet = (command: unknown): command is GetCommand =>
  command instanceof GetCommand && !command.input.ProjectionExpression && !command.input.AttributesToGet;

/**
 * The one table a BatchGetItem reads whole items of, and its keys, when this client may join it with
 * others: a single table, no projection, at most 100 keys and none twice. Any other is sent as it is,
 * so that DynamoDB answers it (or refuses it) exactly as it would alone.
 */
function joinableBatch(command: unknown): { group: ReadGroup; keys: Item[] } | null {
  if (!(command instanceof BatchGetCommand)) return null;
  const tables = Object.entries(command.input.RequestItems ?? {});
  const [entry] = tables;
  if (tables.length !== 1 || !entry) return null;
  const [table, request] = entry;
  if (request.ProjectionExpression || request.AttributesToGet || request.ExpressionAttributeNames) return null;
  const keys = (request.Keys ?? []) as Item[];
  const names = Object.keys(keys[0] ?? {}).sort();
  if (keys.length === 0 || keys.length > BATCH_GET_LIMIT) return null;
  if (new Set(keys.map((k) => keyId(k, names))).size !== keys.length) return null;
  return { group: { table, consistent: request.ConsistentRead === true }, keys };
}

/**
 * The client ElectroDB sends through: it joins the reads by key started together (in the same turn
 * of the event loop, as `Promise.all` starts them), GetItems and BatchGetItems alike, into
 * BatchGetItems, and passes every other request on unchanged. A read's first reads (the standing
 * check's profile, the record and its organization) then cost one request instead of three, and a
 * page's names of two kinds (its patients, its organizations) one instead of two. On DynamoDB
 * Local, which serves requests one after another, that is most of a read route's time; in AWS it
 * saves round trips and signing.
 *
 * What each read answers is what it would have answered alone: a get its item or none, a batch
 * the items of its keys that exist, with the same consistency. Keys DynamoDB leaves unprocessed are
 * read again (batchGetAll), so a joined batch answers none unprocessed. If a joined read fails as a
 * whole, each read is sent on its own, so that one bad key fails only its own caller. A read with
 * a projection goes alone (its answer might not carry the key attributes that match it to its key).
 */
export class CoalescingClient {
  private pending = new Map<string, { group: ReadGroup; reads: PendingRead[] }>();

  constructor(
    private readonly client: Pick<DynamoDBClient, 'send'>,
    private readonly later: (run: () => void) => void = (run) => setImmediate(run),
  ) {}

  send(command: unknown, options?: unknown): Promise<unknown> {
    if (joinableGet(command)) {
      const group = { table: command.input.TableName ?? '', consistent: command.input.ConsistentRead === true };
      return new Promise<GetCommandOutput>((resolve, reject) =>
        this.enqueue(group, { kind: 'get', command, resolve, reject }),
      );
    }
    const batch = joinableBatch(command);
    if (batch) {
      return new Promise<BatchGetCommandOutput>((resolve, reject) =>
        this.enqueue(batch.group, {
          kind: 'batch',
          command: command as BatchGetCommand,
          keys: batch.keys,
          resolve,
          reject,
        }),
      );
    }
    return this.pass(command, options);
  }

  private enqueue(group: ReadGroup, read: PendingRead): void {
    if (this.pending.size === 0) this.later(() => this.flush());
    const id = `${group.table}\u0000${group.consistent}`;
    const waiting = this.pending.get(id) ?? { group, reads: [] };
    waiting.reads.push(read);
    this.pending.set(id, waiting);
  }

  private flush(): void {
    const groups = [...this.pending.values()];
    this.pending = new Map();
    for (const { group, reads } of groups) void this.read(group, reads);
  }

  /** Sends through the wrapped client (looked up at each call: tracing may wrap its `send`). */
  private pass(command: unknown, options?: unknown): Promise<unknown> {
    return (this.client.send as Send).call(this.client, command, options);
  }

  /** Sends a read as its caller made it. */
  private async alone(read: PendingRead): Promise<void> {
    try {
      const answer = await this.pass(read.command);
      if (read.kind === 'get') read.resolve(answer as GetCommandOutput);
      else read.resolve(answer as BatchGetCommandOutput);
    } catch (error) {
      read.reject(error);
    }
  }

  private keysOf(read: PendingRead): readonly Item[] {
    return read.kind === 'get' ? [read.command.input.Key ?? {}] : read.keys;
  }

  private async read(group: ReadGroup, reads: readonly PendingRead[]): Promise<void> {
    const first = reads[0];
    if (!first) return;
    if (reads.length === 1) return this.alone(first);
    const names = Object.keys(this.keysOf(first)[0] ?? {}).sort();
    // BatchGetItem refuses a key asked for twice: each distinct key is read once.
    const keys = new Map<string, Item>();
    for (const read of reads) for (const key of this.keysOf(read)) keys.set(keyId(key, names), key);
    const distinct = [...keys.values()];
    let items: Item[];
    try {
      const chunks: Item[][] = [];
      for (let i = 0; i < distinct.length; i += BATCH_GET_LIMIT) chunks.push(distinct.slice(i, i + BATCH_GET_LIMIT));
      items = (
        await Promise.all(chunks.map((chunk) => batchGetAll((batch: Item[]) => this.batch(group, batch), chunk)))
      ).flat();
    } catch {
      await Promise.all(reads.map((read) => this.alone(read)));
      return;
    }
    const found = new Map(items.map((item) => [keyId(item, names), item]));
    for (const read of reads) {
      if (read.kind === 'get') {
        const item = found.get(keyId(read.command.input.Key ?? {}, names));
        read.resolve({ $metadata: {}, ...(item ? { Item: item } : {}) });
      } else {
        const answered = read.keys.flatMap((key): Item[] => {
          const item = found.get(keyId(key, names));
          return item ? [item] : [];
        });
        read.resolve({ $metadata: {}, Responses: { [group.table]: answered }, UnprocessedKeys: {} });
      }
    }
  }

  /** One BatchGetItem of these keys, as batchGetAll reads it. */
  private async batch(group: ReadGroup, keys: Item[]): Promise<{ data: Item[]; unprocessed: Item[] }> {
    const answer = (await this.pass(
      new BatchGetCommand({
        RequestItems: { [group.table]: { Keys: keys, ...(group.consistent ? { ConsistentRead: true } : {}) } },
      }),
    )) as BatchGetCommandOutput;
    return {
      data: (answer.Responses?.[group.table] ?? []) as Item[],
      unprocessed: (answer.UnprocessedKeys?.[group.table]?.Keys ?? []) as Item[],
    };
  }
}
