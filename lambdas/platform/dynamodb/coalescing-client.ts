import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, type BatchGetCommandOutput, type GetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from './batch-get';

/** BatchGetItem reads at most this many keys in one request. */
export const BATCH_GET_LIMIT = 100;

type Item = Record<string, unknown>;
type Send = (command: unknown, options?: unknown) => Promise<unknown>;

interface PendingGet {
  readonly input: GetCommand['input'];
  readonly resolve: (output: GetCommandOutput) => void;
  readonly reject: (error: unknown) => void;
}

/** The gets one BatchGetItem can serve together: same table and the same read consistency. */
const groupOf = (input: GetCommand['input']) => `${input.TableName}\u0000${input.ConsistentRead === true}`;

/** A key's identity: its attribute names and values, in a stable order. */
const keyId = (key: Item, names: readonly string[]) => JSON.stringify(names.map((n) => [n, key[n]]));

/**
 * The client ElectroDB sends through: it joins the GetItems started together (in the same turn of
 * the event loop, as `Promise.all` starts them) into BatchGetItems, and passes every other request
 * on unchanged. A read's first reads (the standing check's profile, the record and its organization)
 * then cost one request instead of three. On DynamoDB Local, which serves requests
 * one after another, that is most of a read route's time; in AWS it saves round trips and signing.
 *
 * What each get answers is what it would have answered alone: its item or none, with the same
 * consistency. Keys DynamoDB leaves unprocessed are read again (batchGetAll). If a batch fails as a
 * whole, each get is sent on its own, so that one bad key fails only its own caller. A get with a
 * projection goes alone (its answer might not carry the key attributes that match it to its key).
 */
export class CoalescingClient {
  private pending: PendingGet[] = [];

  constructor(
    private readonly client: Pick<DynamoDBClient, 'send'>,
    private readonly later: (run: () => void) => void = (run) => setImmediate(run),
  ) {}

  send(command: unknown, options?: unknown): Promise<unknown> {
    if (!(command instanceof GetCommand) || command.input.ProjectionExpression) return this.pass(command, options);
    return new Promise<GetCommandOutput>((resolve, reject) => {
      if (this.pending.length === 0) this.later(() => this.flush());
      this.pending.push({ input: command.input, resolve, reject });
    });
  }

  private flush(): void {
    const gets = this.pending;
    this.pending = [];
    const groups = new Map<string, PendingGet[]>();
    for (const get of gets) groups.set(groupOf(get.input), [...(groups.get(groupOf(get.input)) ?? []), get]);
    for (const group of groups.values()) {
      for (let i = 0; i < group.length; i += BATCH_GET_LIMIT) void this.read(group.slice(i, i + BATCH_GET_LIMIT));
    }
  }

  /** Sends through the wrapped client (looked up at each call: tracing may wrap its `send`). */
  private pass(command: unknown, options?: unknown): Promise<unknown> {
    return (this.client.send as Send).call(this.client, command, options);
  }

  private async alone(get: PendingGet): Promise<void> {
    try {
      get.resolve((await this.pass(new GetCommand(get.input))) as GetCommandOutput);
    } catch (error) {
      get.reject(error);
    }
  }

  private async read(gets: readonly PendingGet[]): Promise<void> {
    const first = gets[0];
    if (!first) return;
    if (gets.length === 1) return this.alone(first);
    const table = first.input.TableName ?? '';
    const names = Object.keys(first.input.Key ?? {}).sort();
    // BatchGetItem refuses a key asked for twice: each distinct key is read once.
    const keys = new Map<string, Item>();
    for (const get of gets) keys.set(keyId(get.input.Key ?? {}, names), get.input.Key ?? {});
    let items: Item[];
    try {
      items = await batchGetAll(
        async (batch: Item[]) => {
          const answer = (await this.pass(
            new BatchGetCommand({
              RequestItems: {
                [table]: { Keys: batch, ...(first.input.ConsistentRead ? { ConsistentRead: true } : {}) },
              },
            }),
          )) as BatchGetCommandOutput;
          return {
            data: (answer.Responses?.[table] ?? []) as Item[],
            unprocessed: (answer.UnprocessedKeys?.[table]?.Keys ?? []) as Item[],
          };
        },
        [...keys.values()],
      );
    } catch {
      await Promise.all(gets.map((get) => this.alone(get)));
      return;
    }
    const found = new Map(items.map((item) => [keyId(item, names), item]));
    for (const get of gets) {
      const item = found.get(keyId(get.input.Key ?? {}, names));
      get.resolve({ $metadata: {}, ...(item ? { Item: item } : {}) });
    }
  }
}
