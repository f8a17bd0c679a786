/**
 * EventBridge, locally: PutEvents (awsJson1_1) with the service's limits, and a bus that delivers
 * each entry to every target its rules name, as an EventBridge event, after PutEvents answers.
 * Delivery is Lambda's asynchronous invocation: a failing handler is retried, then dead-lettered.
 */
import { randomUUID } from 'node:crypto';
import type { JobName } from '../../jobs';
import { LAMBDA_ASYNC_ATTEMPTS, type AsyncInvoker, type DeadLetterSink } from '../aws/async-invoke';
import { constraint, field, isObject, validation } from '../aws/aws-protocol';

export interface BusEventRecord {
  id: string;
  detailType: string;
  /** The event's detail: ids and codes only, by the bus contract. */
  detail: Record<string, unknown>;
  time: string;
  deliveries: { job: JobName; status: 'pending' | 'delivered' | 'dead-lettered'; attempts: number }[];
}

const RECENT_EVENTS = 100;

export interface EventBridgeEmulatorOptions {
  region: string;
  account: string;
  /** The event buses that exist. */
  buses: readonly string[];
  /** The rules: the jobs an event on `bus` from `source` with `detailType` goes to. */
  targetsOf: (event: { bus: string; source: string; detailType: string }) => JobName[];
  /** The ARN of the function a job runs in (dead letters name it). */
  functionArn: (job: JobName) => string;
  invoker: AsyncInvoker;
  deadLetter: DeadLetterSink;
  log: (line: string) => void;
}

export function createEventBridgeEmulator(options: EventBridgeEmulatorOptions) {
  const { invoker, deadLetter, log } = options;
  const buses = new Set(options.buses);
  const events: BusEventRecord[] = [];

  const busOf = (value: unknown): string | null => {
    if (value === undefined) return 'default';
    if (typeof value !== 'string') return null;
    const name = /^arn:aws:events:[a-z0-9-]+:\d{12}:event-bus\/(.+)$/.exec(value)?.[1] ?? value;
    return buses.has(name) ? name : null;
  };

  async function deliver(record: BusEventRecord, envelope: unknown) {
    await Promise.all(
      record.deliveries.map(async (delivery) => {
        const result = await invoker.invokeWithRetries(delivery.job, envelope, LAMBDA_ASYNC_ATTEMPTS);
        delivery.attempts = result.attempts;
        delivery.status = result.ok ? 'delivered' : 'dead-lettered';
        if (!result.ok && !invoker.isStopped()) {
          deadLetter({
            trigger: 'event',
            destination: 'function',
            id: record.id,
            job: delivery.job,
            targetArn: options.functionArn(delivery.job),
            deadLetterArn: null,
            attempts: result.attempts,
            errorCode: result.errorCode,
            detailType: record.detailType,
          });
        }
      }),
    );
  }

  function putEvents(body: unknown) {
    const entries = field(body, 'Entries');
    if (!Array.isArray(entries) || entries.length < 1 || entries.length > 10) {
      throw constraint(
        Array.isArray(entries) ? `[${entries.length} entries]` : entries,
        'entries',
        'Member must have length between 1 and 10',
      );
    }
    if (Buffer.byteLength(JSON.stringify(entries)) > 256 * 1024) {
      throw validation('Total size of the entries in the request is over the limit.');
    }
    const results = entries.map((entry: unknown) => {
      const source = field(entry, 'Source');
      const detailType = field(entry, 'DetailType');
      const detailText = field(entry, 'Detail');
      const missing = [
        ['Source', source],
        ['DetailType', detailType],
        ['Detail', detailText],
      ].find(([, v]) => typeof v !== 'string' || v === '');
      if (missing) {
        return {
          ErrorCode: 'InvalidArgument',
          ErrorMessage: `Parameter ${String(missing[0])} is not valid. Reason: it is required.`,
        };
      }
      let detail: unknown;
      try {
        detail = JSON.parse(String(detailText));
      } catch {
        detail = undefined;
      }
      if (!isObject(detail)) return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
      const bus = busOf(field(entry, 'EventBusName'));
      if (!bus) {
        return {
          ErrorCode: 'ResourceNotFoundException',
          ErrorMessage: `Event bus ${String(field(entry, 'EventBusName'))} does not exist.`,
        };
      }
      const id = randomUUID();
      const time = field(entry, 'Time');
      const envelope = {
        version: '0',
        id,
        'detail-type': String(detailType),
        source: String(source),
        account: options.account,
        time: (typeof time === 'number' ? new Date(time * 1000) : new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        region: options.region,
        resources: Array.isArray(field(entry, 'Resources')) ? field(entry, 'Resources') : [],
        detail,
      };
      const jobs = options.targetsOf({ bus, source: String(source), detailType: String(detailType) });
      const record: BusEventRecord = {
        id,
        detailType: String(detailType),
        detail: envelope.detail as Record<string, unknown>,
        time: envelope.time,
        deliveries: jobs.map((job) => ({ job, status: 'pending', attempts: 0 })),
      };
      events.unshift(record);
      events.splice(RECENT_EVENTS);
      log(`event ${id} ${record.detailType} → ${jobs.length ? jobs.join(', ') : 'no rule'}`);
      // Delivered after PutEvents answers, as EventBridge does.
      if (jobs.length) void invoker.track(new Promise(setImmediate).then(() => deliver(record, envelope)));
      return { EventId: id };
    });
    return { FailedEntryCount: results.filter((r) => 'ErrorCode' in r).length, Entries: results };
  }

  return {
    putEvents,
    /** Recent bus events (ids, types and deliveries), newest first: the live list. */
    events: (): readonly BusEventRecord[] => events,
  };
}
