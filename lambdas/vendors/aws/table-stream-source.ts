/**
 * Lambda's event source mapping for a DynamoDB stream, locally: it reads DynamoDB Local's stream of
 * the table (the DynamoDB Streams API), keeps the records each table-stream job's filter patterns
 * pass (table-schema.ts `streamFilterPatterns`, the same patterns the CDK gives the mapping), and
 * invokes the job with them in batches of its size, in order, shard by shard. A failing batch is
 * retried as Lambda does, then dead-lettered and skipped; the position reached is kept under the data
 * directory, so a restart neither loses nor repeats a batch that was delivered.
 * Logs carry job names, shard ids and counts only.
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { JobName } from '../../jobs';
import type { AsyncInvoker, DeadLetterSink } from './async-invoke';

/** Lambda retries a failing stream batch; the CDK's mapping allows 10 retries (11 attempts). */
export const STREAM_BATCH_ATTEMPTS = 11;

export interface StreamJob {
  readonly name: JobName;
  readonly patterns: readonly unknown[];
  readonly batchSize: number;
}

/** What the source delivered (test hook): ids and counts only. */
export interface StreamDelivery {
  readonly job: JobName;
  readonly changes: readonly string[];
  readonly ok: boolean;
  readonly at: string;
}

export interface TableStreamSourceOptions {
  readonly dynamoEndpoint: string;
  readonly region: string;
  readonly tableName: string;
  readonly jobs: readonly StreamJob[];
  readonly invoker: AsyncInvoker;
  readonly maxAttempts?: number;
  readonly deadLetter: DeadLetterSink;
  readonly functionArn: (job: JobName) => string;
  /** Where the position reached in each shard is kept. */
  readonly checkpointFile: string;
  readonly pollMs: number;
  readonly log: (line: string) => void;
}

/**
 * Whether a value matches a Lambda filter pattern: each key of the pattern must be present; an array
 * lists the values allowed, an object is matched inside.
 */
export function matchesPattern(value: unknown, pattern: unknown): boolean {
  if (Array.isArray(pattern)) return pattern.some((allowed) => allowed === value);
  if (typeof pattern !== 'object' || pattern === null) return false;
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(pattern).every(([key, inner]) =>
    matchesPattern((value as Record<string, unknown>)[key], inner),
  );
}

/** A record as Lambda hands it to the function (the Streams API's, with the time in epoch seconds). */
function lambdaRecordOf(record: StreamRecord, streamArn: string) {
  const { ApproximateCreationDateTime, ...dynamodb } = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion,
    dynamodb: {
      ...dynamodb,
      ...(ApproximateCreationDateTime
        ? { ApproximateCreationDateTime: Math.floor(ApproximateCreationDateTime.getTime() / 1000) }
        : {}),
    },
    ...(record.userIdentity ? { userIdentity: record.userIdentity } : {}),
    eventSourceARN: streamArn,
  };
}

export function startTableStreamSource(options: TableStreamSourceOptions) {
  const { invoker, log } = options;
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const tables = new DynamoDBClient({ endpoint: options.dynamoEndpoint, region: options.region, credentials });
  const streams = new DynamoDBStreamsClient({
    endpoint: options.dynamoEndpoint,
    region: options.region,
    credentials,
  });
  /** The last sequence number handled per shard; `done` once a closed shard is drained. */
  const positions: Record<string, string> = existsSync(options.checkpointFile)
    ? (JSON.parse(readFileSync(options.checkpointFile, 'utf8')) as Record<string, string>)
    : {};
  const iterators = new Map<string, string>();
  const deliveries: StreamDelivery[] = [];
  let streamArn: string | null = null;
  let stopped = false;
  /** The poll under way, if any: a slow one is never overlapped by the next tick. */
  let busy: Promise<void> | null = null;

  const save = () => {
    writeFileSync(`${options.checkpointFile}.tmp`, JSON.stringify(positions));
    renameSync(`${options.checkpointFile}.tmp`, options.checkpointFile);
  };

  async function deliver(job: StreamJob, records: readonly StreamRecord[], arn: string) {
    for (let start = 0; start < records.length; start += job.batchSize) {
      const batch = records.slice(start, start + job.batchSize);
      const event = { Records: batch.map((record) => lambdaRecordOf(record, arn)) };
      const result = await invoker.invokeWithRetries(job.name, event, options.maxAttempts ?? STREAM_BATCH_ATTEMPTS);
      deliveries.push({
        job: job.name,
        changes: batch.map((record) => record.eventName ?? 'unknown'),
        ok: result.ok,
        at: new Date().toISOString(),
      });
      deliveries.splice(0, Math.max(0, deliveries.length - 500));
      if (!result.ok && !invoker.isStopped()) {
        // AWS: the batch's stream position goes to the mapping's on-failure destination.
        options.deadLetter({
          trigger: 'stream',
          destination: 'function',
          id: batch[0]?.dynamodb?.SequenceNumber ?? 'unknown',
          job: job.name,
          targetArn: options.functionArn(job.name),
          deadLetterArn: null,
          attempts: result.attempts,
          errorCode: result.errorCode,
        });
      }
    }
  }

  async function iteratorOf(arn: string, shardId: string): Promise<string | null> {
    const known = iterators.get(shardId);
    if (known) return known;
    const after = positions[shardId];
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: arn,
        ShardId: shardId,
        ...(after
          ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }
          : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    return ShardIterator ?? null;
  }

  async function poll() {
    if (!streamArn) {
      const { Table } = await tables.send(new DescribeTableCommand({ TableName: options.tableName }));
      streamArn = Table?.LatestStreamArn ?? null;
      if (!streamArn) return;
    }
    const arn = streamArn;
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: arn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      const shardId = shard.ShardId;
      if (!shardId || positions[shardId] === 'done') continue;
      let iterator = await iteratorOf(arn, shardId);
      while (iterator && !stopped) {
        const { Records = [], NextShardIterator } = await streams.send(
          new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }),
        );
        for (const job of options.jobs) {
          const passed = Records.filter((record) => job.patterns.some((pattern) => matchesPattern(record, pattern)));
          if (passed.length > 0) await deliver(job, passed, arn);
        }
        const last = Records.at(-1)?.dynamodb?.SequenceNumber;
        if (last) positions[shardId] = last;
        if (!NextShardIterator) {
          // A closed shard, drained: its records are all handled.
          positions[shardId] = 'done';
          iterators.delete(shardId);
        } else {
          iterators.set(shardId, NextShardIterator);
        }
        if (last || !NextShardIterator) save();
        iterator = Records.length > 0 ? (NextShardIterator ?? null) : null;
      }
    }
  }

  const timer = setInterval(() => {
    if (busy || stopped) return;
    busy = invoker
      .track(poll())
      .catch((error: unknown) => {
        // An iterator may have expired or the table may be new: start over from the positions kept.
        iterators.clear();
        streamArn = null;
        log(`table stream: read failed (${error instanceof Error ? error.name : 'Unknown'})`);
      })
      .finally(() => {
        busy = null;
      });
  }, options.pollMs);
  timer.unref();

  return {
    deliveries: () => [...deliveries],
    async stop() {
      stopped = true;
      clearInterval(timer);
      await busy;
      tables.destroy();
      streams.destroy();
    },
  };
}
