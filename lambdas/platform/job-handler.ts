/**
 * The job layer: functions started by EventBridge Scheduler, the EventBridge bus, Cognito, the table's stream or an SQS queue
 * (their capability's spec module). The event is parsed with the job's own parser; a malformed event can never
 * succeed, so it is logged (ids and codes only) and dropped. Any other failure is thrown so the
 * trigger retries and, in the end, dead-letters it; jobs are idempotent so a retry is safe.
 */
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context } from 'aws-lambda';
import { EVENT_SOURCE, eventProblem, type EventOf, type EventType } from '../kernel/events';
import type { JobSpec } from '../kernel/spec';
import { lazy, logUnknownFailure, withCore } from './core';
import { logger, metrics } from '../kernel/observability';

export class MalformedEvent extends Error {
  constructor(readonly code: string) {
    super(`malformed event: ${code}`);
    this.name = 'MalformedEvent';
  }
}

export function defineJob<E, Deps>(
  job: JobSpec & { readonly name: string },
  parse: (event: unknown) => E,
  run: (deps: Deps, event: E) => Promise<void>,
  createDeps: () => Deps,
) {
  const { name } = job;
  const deps = lazy(createDeps);

  const base = async (raw: unknown, _context: Context): Promise<void> => {
    logger.appendKeys({ job: name });
    try {
      let event: E;
      try {
        event = parse(raw);
      } catch (error) {
        const code = error instanceof MalformedEvent ? error.code : 'event.invalid';
        logger.warn('event dropped', { code });
        metrics.addMetric('malformed_event', MetricUnit.Count, 1);
        return;
      }
      await run(deps(), event);
      logger.info('job done');
    } catch (error) {
      logUnknownFailure('job failed', error);
      throw new Error(`${name} failed`);
    } finally {
      logger.resetKeys();
    }
  };

  return withCore(base);
}

/**
 * An EventBridge event of one of the given types (source `careloop`), its detail checked against
 * the event's contract (kernel/events.ts); anything else is malformed.
 */
export function eventOf<T extends EventType>(raw: unknown, types: readonly T[]): EventOf<T> {
  if (typeof raw !== 'object' || raw === null) throw new MalformedEvent('event.not_object');
  const event = raw as Record<string, unknown>;
  if (event.source !== EVENT_SOURCE) throw new MalformedEvent('event.source');
  const type = event['detail-type'];
  if (typeof type !== 'string' || !(types as readonly string[]).includes(type)) throw new MalformedEvent('event.type');
  const problem = eventProblem(type, event.detail);
  if (problem) throw new MalformedEvent(`event.${problem}`);
  return { type, detail: event.detail } as EventOf<T>;
}

/** A string id field of an event. */
export function idField(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(value)) throw new MalformedEvent(`event.${key}`);
  return value;
}

/** One change of an item, as the table's stream reports it (NEW_AND_OLD_IMAGES), attributes as stored. */
export interface TableChange {
  readonly change: 'insert' | 'modify' | 'remove';
  /** Made by the table's TTL (the stream names DynamoDB's own service as the identity). */
  readonly byTimeToLive: boolean;
  readonly newItem: Record<string, unknown> | null;
  readonly oldItem: Record<string, unknown> | null;
}

const STREAM_CHANGES = { INSERT: 'insert', MODIFY: 'modify', REMOVE: 'remove' } as const;

/** The changes of a DynamoDB stream batch (a table-stream job's event); anything else is malformed. */
export function tableChangesOf(raw: unknown): TableChange[] {
  const records = typeof raw === 'object' && raw !== null ? (raw as { Records?: unknown }).Records : undefined;
  if (!Array.isArray(records)) throw new MalformedEvent('stream.records');
  return records.map((record: unknown): TableChange => {
    const { eventName, userIdentity, dynamodb } = (record ?? {}) as {
      eventName?: unknown;
      userIdentity?: { type?: unknown; principalId?: unknown };
      dynamodb?: { NewImage?: Record<string, AttributeValue>; OldImage?: Record<string, AttributeValue> };
    };
    const change = typeof eventName === 'string' ? STREAM_CHANGES[eventName as keyof typeof STREAM_CHANGES] : undefined;
    if (!change || typeof dynamodb !== 'object') throw new MalformedEvent('stream.record');
    return {
      change,
      byTimeToLive: userIdentity?.type === 'Service' && userIdentity.principalId === 'dynamodb.amazonaws.com',
      newItem: dynamodb.NewImage ? unmarshall(dynamodb.NewImage) : null,
      oldItem: dynamodb.OldImage ? unmarshall(dynamodb.OldImage) : null,
    };
  });
}

/** One message of an SQS batch, as a queue job's parser receives it. */
export interface QueueRecord {
  readonly messageId: string;
  /** The body parsed as JSON (a body that is not JSON is malformed). */
  readonly body: unknown;
  /** How many times SQS has delivered it, this delivery included. */
  readonly receiveCount: number;
}

/** What a queue job answers (ReportBatchItemFailures): the messages SQS should deliver again. */
export interface QueueBatchResponse {
  batchItemFailures: { itemIdentifier: string }[];
}

/**
 * A job started by an SQS queue, a batch of messages at a time. Each message is parsed and run on
 * its own, all at once: a malformed one can never succeed, so it is logged (codes only), counted and
 * dropped (deleted with the batch); one whose run throws is reported as failed, so SQS delivers only
 * it again after the visibility timeout (and in the end dead-letters it), never the batch's others.
 */
export function defineQueueJob<M, Deps>(
  job: JobSpec & { readonly name: string },
  parse: (record: QueueRecord) => M,
  run: (deps: Deps, message: M) => Promise<void>,
  createDeps: () => Deps,
) {
  const { name } = job;
  const deps = lazy(createDeps);

  const runOne = async (raw: unknown): Promise<string | null> => {
    let messageId: string;
    let message: M;
    try {
      const record = queueRecordOf(raw);
      messageId = record.messageId;
      message = parse(record);
    } catch (error) {
      const code = error instanceof MalformedEvent ? error.code : 'event.invalid';
      logger.warn('message dropped', { code });
      metrics.addMetric('malformed_event', MetricUnit.Count, 1);
      return null;
    }
    try {
      await run(deps(), message);
      return null;
    } catch (error) {
      logUnknownFailure('message failed', error);
      return messageId;
    }
  };

  const base = async (raw: unknown, _context: Context): Promise<QueueBatchResponse> => {
    logger.appendKeys({ job: name });
    try {
      const records = typeof raw === 'object' && raw !== null ? (raw as { Records?: unknown }).Records : undefined;
      if (!Array.isArray(records)) {
        logger.warn('event dropped', { code: 'queue.records' });
        metrics.addMetric('malformed_event', MetricUnit.Count, 1);
        return { batchItemFailures: [] };
      }
      const failed = (await Promise.all(records.map(runOne))).filter((id): id is string => id !== null);
      logger.info('job done', { messages: records.length, failed: failed.length });
      return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
    } finally {
      logger.resetKeys();
    }
  };

  return withCore(base);
}

/** An SQS record (Lambda's SQS event); anything else is malformed. */
function queueRecordOf(raw: unknown): QueueRecord {
  const { messageId, body, attributes } = (raw ?? {}) as {
    messageId?: unknown;
    body?: unknown;
    attributes?: { ApproximateReceiveCount?: unknown };
  };
  if (typeof messageId !== 'string' || !messageId) throw new MalformedEvent('queue.messageId');
  if (typeof body !== 'string') throw new MalformedEvent('queue.body');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body) as unknown;
  } catch {
    throw new MalformedEvent('queue.body_json');
  }
  const count = Number(attributes?.ApproximateReceiveCount);
  return { messageId, body: parsed, receiveCount: Number.isInteger(count) && count > 0 ? count : 1 };
}
