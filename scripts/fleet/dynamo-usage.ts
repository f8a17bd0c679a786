/**
 * The DynamoDB requests a client sends, by command, and the capacity units they consume: a
 * middleware on the client asks every request for its consumed capacity (ReturnConsumedCapacity
 * TOTAL) and adds up what DynamoDB answers. A request that fails (a refused condition, a cancelled
 * transaction) answers none and is still billed: it is counted at the units its kind takes for
 * items of at most 1 KB (writes) and 4 KB (reads), as are answers without the figure.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface DynamoUsage {
  /** Counting only while on (seeding and the final check are left out). */
  on: boolean;
  byCommand: Map<string, number>;
  readUnits: number;
  writeUnits: number;
  /** Requests whose units were estimated (no figure in the answer). */
  estimated: number;
}

type Capacity = { ReadCapacityUnits?: number; WriteCapacityUnits?: number; CapacityUnits?: number };
type Input = {
  ReturnConsumedCapacity?: string;
  TransactItems?: unknown[];
  RequestItems?: Record<string, unknown[] | { Keys?: unknown[] }>;
};

/** The document client's commands by the API's names (GetCommand sends GetItem). */
const API_NAMES: Record<string, string> = {
  Get: 'GetItem',
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  BatchGet: 'BatchGetItem',
  BatchWrite: 'BatchWriteItem',
  TransactGet: 'TransactGetItems',
  TransactWrite: 'TransactWriteItems',
};

const READS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);

/** What a request of `command` takes when DynamoDB does not say (the smallest items). */
export function estimatedUnits(command: string, input: Input): { read: number; write: number } {
  const items = input.TransactItems?.length ?? batchSize(input) ?? 1;
  // A transaction's every item costs twice (prepare and commit); an eventually consistent read half.
  if (command === 'TransactWriteItems') return { read: 0, write: 2 * items };
  if (command === 'TransactGetItems') return { read: 2 * items, write: 0 };
  if (READS.has(command)) return { read: 0.5 * items, write: 0 };
  return { read: 0, write: items };
}

function batchSize(input: Input): number | undefined {
  if (!input.RequestItems) return undefined;
  return Object.values(input.RequestItems).reduce(
    (sum, request) => sum + (Array.isArray(request) ? request.length : (request.Keys?.length ?? 0)),
    0,
  );
}

/** Counts `client`'s requests from now on (while `on`). */
export function countDynamoUsage(client: DynamoDBClient): DynamoUsage {
  const usage: DynamoUsage = { on: false, byCommand: new Map(), readUnits: 0, writeUnits: 0, estimated: 0 };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (!usage.on) return next(args);
      const name = String(context.commandName ?? 'Unknown').replace(/Command$/, '');
      const command = API_NAMES[name] ?? name;
      const input = args.input as Input;
      usage.byCommand.set(command, (usage.byCommand.get(command) ?? 0) + 1);
      input.ReturnConsumedCapacity = 'TOTAL';
      const estimate = () => {
        const units = estimatedUnits(command, input);
        usage.readUnits += units.read;
        usage.writeUnits += units.write;
        usage.estimated++;
      };
      try {
        const result = await next(args);
        const consumed = (result.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity;
        const list = consumed === undefined ? [] : Array.isArray(consumed) ? consumed : [consumed];
        if (list.length === 0) estimate();
        for (const capacity of list) {
          const read = capacity.ReadCapacityUnits ?? (READS.has(command) ? (capacity.CapacityUnits ?? 0) : 0);
          const write = capacity.WriteCapacityUnits ?? (READS.has(command) ? 0 : (capacity.CapacityUnits ?? 0));
          usage.readUnits += read;
          usage.writeUnits += write;
        }
        return result;
      } catch (error) {
        estimate();
        throw error;
      }
    },
    { step: 'initialize', name: 'fleetDynamoUsage', override: true },
  );
  return usage;
}
