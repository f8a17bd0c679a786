/**
 * The job layer: functions started by EventBridge Scheduler, the EventBridge bus, Cognito or the table's stream
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
