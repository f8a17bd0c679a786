/**
 * Amazon SQS, locally: SendMessage over the JSON protocol the SDK v3 client speaks
 * (`X-Amz-Target: AmazonSQS.SendMessage`, awsJson1_0), with the service's rules (a queue that exists,
 * a body of 1 to 262,144 characters, DelaySeconds 0–900), and behind it Lambda's SQS event source:
 * messages become visible after their delay, go to their job in batches as an SQS event (Records
 * with messageId, receiptHandle, body, attributes), and are deleted when the job succeeds, except
 * the ones it reports as failed (ReportBatchItemFailures). A failed message, or every message of a
 * batch whose job threw, stays invisible for the queue's visibility timeout and is then delivered
 * again (at least once, as SQS does); after `maxReceiveCount` deliveries it moves to the
 * dead-letter queue instead.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { JobName } from '../../jobs';
import type { AsyncInvoker, DeadLetterSink, InvokeJob } from '../aws/async-invoke';
import { ServiceError, isObject } from '../aws/aws-protocol';

export interface LocalQueue {
  name: string;
  /** The job its event source starts. */
  job: JobName;
  batchSize: number;
  visibilityTimeoutSeconds: number;
  maxReceiveCount: number;
  /** Where a message goes after `maxReceiveCount` deliveries. */
  deadLetterArn: string;
}

export interface StoredMessage {
  queue: string;
  messageId: string;
  body: string;
  /** Epoch ms. */
  sentAt: number;
  /** Epoch ms from which it may be received (its delay, then each visibility timeout). */
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt: number | null;
}

export interface QueueDelivery {
  queue: string;
  job: JobName;
  messageIds: string[];
  /** ok: deleted; partial: the reported ones stay; failed: the job threw, all stay. */
  outcome: 'ok' | 'partial' | 'failed';
  failed: string[];
}

const MAX_BODY = 262_144;
const MAX_DELAY_SECONDS = 900;

export interface SqsEmulatorOptions {
  region: string;
  account: string;
  queues: readonly LocalQueue[];
  /** The messages kept from before a restart. */
  messages: StoredMessage[];
  persist: () => void;
  invoke: InvokeJob;
  invoker: AsyncInvoker;
  deadLetter: DeadLetterSink;
  /** Called when a message may be ready now (sent without a delay), so the services deliver it at once. */
  onVisible: () => void;
  log: (line: string) => void;
}

export function createSqsEmulator(options: SqsEmulatorOptions) {
  const { region, account, invoke, invoker, deadLetter, persist, log } = options;
  const state = { messages: options.messages };
  const arnOf = (name: string) => `arn:aws:sqs:${region}:${account}:${name}`;
  const byArn = new Map(options.queues.map((q) => [arnOf(q.name), q]));
  const byName = new Map(options.queues.map((q) => [q.name, q]));

  /** A queue URL (`http://host/<account>/<name>`, any host: the SDK sends to the URL it is given). */
  function queueOfUrl(url: unknown): LocalQueue {
    let path = '';
    try {
      path = typeof url === 'string' ? new URL(url).pathname : '';
    } catch {
      path = '';
    }
    const [, owner, name, ...rest] = path.split('/');
    const queue = owner === account && rest.length === 0 && name ? byName.get(name) : undefined;
    if (!queue) throw new ServiceError(400, 'QueueDoesNotExist', 'The specified queue does not exist.');
    return queue;
  }

  function enqueue(queue: LocalQueue, body: string, delaySeconds: number) {
    const now = Date.now();
    const message: StoredMessage = {
      queue: queue.name,
      messageId: randomUUID(),
      body,
      sentAt: now,
      visibleAt: now + delaySeconds * 1000,
      receiveCount: 0,
      firstReceivedAt: null,
    };
    state.messages.push(message);
    persist();
    log(`sqs ${queue.name}: message ${message.messageId} sent${delaySeconds ? ` (delay ${delaySeconds} s)` : ''}`);
    if (delaySeconds === 0) options.onVisible();
    return message;
  }

  /** SendMessage (JSON protocol): `{ QueueUrl, MessageBody, DelaySeconds? }` → `{ MessageId, MD5OfMessageBody }`. */
  function sendMessage(request: unknown) {
    if (!isObject(request)) throw new ServiceError(400, 'InvalidParameterValue', 'The request must be an object.');
    const queue = queueOfUrl(request.QueueUrl);
    const body = request.MessageBody;
    if (typeof body !== 'string' || body.length < 1 || body.length > MAX_BODY) {
      throw new ServiceError(400, 'InvalidParameterValue', `The message body must be 1 to ${MAX_BODY} characters.`);
    }
    const delay = request.DelaySeconds ?? 0;
    if (typeof delay !== 'number' || !Number.isInteger(delay) || delay < 0 || delay > MAX_DELAY_SECONDS) {
      throw new ServiceError(
        400,
        'InvalidParameterValue',
        `Value ${String(delay)} for parameter DelaySeconds is invalid. Reason: must be between 0 and ${MAX_DELAY_SECONDS}, if provided.`,
      );
    }
    const message = enqueue(queue, body, delay);
    // The SDK checks the body's MD5 (middleware-sdk-sqs) against this.
    return { MessageId: message.messageId, MD5OfMessageBody: createHash('md5').update(body).digest('hex') };
  }

  /** A schedule's SQS target: its Input as the body. False when the ARN names no queue here. */
  function sendToArn(arn: string, body: string): boolean {
    const queue = byArn.get(arn);
    if (!queue) return false;
    enqueue(queue, body, 0);
    return true;
  }

  function eventOf(queue: LocalQueue, messages: StoredMessage[]) {
    return {
      Records: messages.map((m) => ({
        messageId: m.messageId,
        receiptHandle: `${m.messageId}#${m.receiveCount}`,
        body: m.body,
        attributes: {
          ApproximateReceiveCount: String(m.receiveCount),
          SentTimestamp: String(m.sentAt),
          SenderId: account,
          ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt ?? m.sentAt),
        },
        messageAttributes: {},
        md5OfBody: createHash('md5').update(m.body).digest('hex'),
        eventSource: 'aws:sqs',
        eventSourceARN: arnOf(queue.name),
        awsRegion: region,
      })),
    };
  }

  /** The ids the job reported as failed; every id of the batch when its answer names unknown ones (Lambda's rule). */
  function failedIds(answer: unknown, ids: string[]): string[] {
    const failures = isObject(answer) ? answer.batchItemFailures : undefined;
    if (failures === undefined || failures === null) return [];
    if (!Array.isArray(failures)) return ids;
    const reported = failures.map((f) => (isObject(f) ? f.itemIdentifier : undefined));
    if (reported.some((id) => typeof id !== 'string' || !ids.includes(id))) return ids;
    return [...new Set(reported as string[])];
  }

  async function deliver(queue: LocalQueue, batch: StoredMessage[], at: number): Promise<QueueDelivery> {
    const ids = batch.map((m) => m.messageId);
    let failed: string[];
    try {
      failed = failedIds(await invoke(queue.job, eventOf(queue, batch)), ids);
    } catch (error) {
      log(`sqs ${queue.name}: ${queue.job} failed (${error instanceof Error ? error.name : 'Unknown'})`);
      failed = ids;
    }
    if (invoker.isStopped()) return { queue: queue.name, job: queue.job, messageIds: ids, outcome: 'failed', failed };
    // Deleted: the batch's messages the job did not report (the messages themselves: a message sent
    // again meanwhile is another message).
    state.messages = state.messages.filter((m) => !batch.includes(m) || failed.includes(m.messageId));
    for (const message of batch) {
      // A failed message stays invisible for the rest of its visibility timeout, counted from receipt.
      if (failed.includes(message.messageId)) message.visibleAt = at + queue.visibilityTimeoutSeconds * 1000;
    }
    persist();
    const outcome = failed.length === 0 ? 'ok' : failed.length === ids.length ? 'failed' : 'partial';
    return { queue: queue.name, job: queue.job, messageIds: ids, outcome, failed };
  }

  /**
   * Receives every message visible at `at` (default now) and hands them to their jobs in batches,
   * all at once; waits for those jobs. A message received for the `maxReceiveCount`+1st time is
   * dead-lettered instead.
   */
  function deliverDue(at: Date = new Date()): Promise<QueueDelivery[]> {
    const now = at.getTime();
    const runs: Promise<QueueDelivery>[] = [];
    let changed = false;
    for (const queue of options.queues) {
      const visible = state.messages.filter((m) => m.queue === queue.name && m.visibleAt <= now);
      const receivable: StoredMessage[] = [];
      for (const message of visible) {
        changed = true;
        if (message.receiveCount >= queue.maxReceiveCount) {
          state.messages = state.messages.filter((m) => m !== message);
          deadLetter({
            trigger: 'queue',
            destination: 'trigger',
            id: message.messageId,
            job: queue.job,
            targetArn: arnOf(queue.name),
            deadLetterArn: queue.deadLetterArn,
            attempts: message.receiveCount,
            errorCode: 'MaxReceiveCountExceeded',
            input: message.body,
          });
          continue;
        }
        message.receiveCount += 1;
        message.firstReceivedAt ??= now;
        // In flight: invisible until the job answers, or the visibility timeout passes.
        message.visibleAt = now + queue.visibilityTimeoutSeconds * 1000;
        receivable.push(message);
      }
      for (let i = 0; i < receivable.length; i += queue.batchSize) {
        runs.push(invoker.track(deliver(queue, receivable.slice(i, i + queue.batchSize), now)));
      }
    }
    if (changed) persist();
    return Promise.all(runs);
  }

  return {
    sendMessage,
    sendToArn,
    deliverDue,
    queueArn: arnOf,
    /** The queue's URL on a server at `baseUrl`. */
    queueUrl: (baseUrl: string, name: string) => `${baseUrl}/${account}/${name}`,
    /** Every message not yet deleted, as stored (in flight ones too). */
    stored: () => state.messages,
  };
}
