/**
 * Local AWS services: the parts of EventBridge Scheduler, EventBridge, Secrets Manager, SES and S3
 * that CareLoop uses, on one HTTP server on 127.0.0.1, and Lambda's reading of the table's stream. The functions use the real SDK v3 clients with an
 * endpoint override (SCHEDULER_ENDPOINT, EVENTBRIDGE_ENDPOINT, SECRETS_MANAGER_ENDPOINT), as they do
 * for DynamoDB Local and cognito-local; this server speaks the wire protocols those clients use
 * (Scheduler: restJson1; EventBridge and Secrets Manager: awsJson1_1) and enforces the service rules
 * that matter here (names, expressions, limits, conflicts, missing resources).
 *
 * Behind the APIs, as in AWS:
 * - a scheduler runner fires due one-time schedules into the job their target ARN names, with the
 *   target Input as the event; schedules live in a JSON file under the data directory, so they
 *   survive a restart;
 * - the job manifest's rate jobs run every `everyMinutes`, with `{}` as the event (the CDK's Input);
 * - a bus delivers each PutEvents entry to every job whose manifest rule matches its detail type,
 *   as an EventBridge event.
 * Scheduler and EventBridge invoke Lambda asynchronously, so a failing handler is retried by
 * Lambda (3 attempts in all) and then goes to the function's dead-letter queue; the trigger's own
 * retry policy and DLQ only see failures to invoke at all (here: a target ARN naming no job, an
 * Input that is not JSON), which are not retried.
 *
 * Each service's operations and rules live with its vendor: lambdas/vendors/scheduler/,
 * eventbridge/, secrets/ and ses/ (SES v2 SendEmail: SES_ENDPOINT), over the wire protocols and
 * Lambda's async-invoke rule in lambdas/vendors/aws/. This module is the one server that routes to
 * them, the job manifest's rate jobs and rules, the state file, and the test hooks.
 *
 * SQS (SendMessage, SQS_ENDPOINT) holds the queue of due calls: call schedules send to it and its
 * job receives it as Lambda's event source does (vendors/sqs/sqs-emulator.ts: delays, batches,
 * visibility timeouts, redelivery of reported failures, dead letters after the receive limit).
 *
 * S3 (path-style, S3_ENDPOINT) holds the audit archive with Object Lock (vendors/s3/s3-emulator.ts);
 * the table-stream jobs read DynamoDB Local's stream through vendors/aws/table-stream-source.ts.
 *
 * Test hooks: GET /local/schedules, GET /local/stream-deliveries, POST /local/schedules/run-due?at=<ISO> (time travel),
 * GET /local/queues, POST /local/queues/deliver-due?at=<ISO> (time travel),
 * POST /local/jobs/<name>/run (a queue job given a message body rather than an SQS event gets it as
 * a one-record SQS event, as its event source would hand it), GET /local/dead-letters, GET /local/events, POST /local/ses/faults
 * (`{ "next": ["MessageRejected" | "TooManyRequestsException" | "InternalFailure", ...] }`: the
 * next SendEmail requests fail so).
 * Logs carry ids, job names and error names only.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { EVENT_SOURCE, JOBS, type JobName } from '../jobs';
import {
  createAsyncInvoker,
  LAMBDA_ASYNC_ATTEMPTS,
  type DeadLetter,
  type InvokeJob,
} from '../vendors/aws/async-invoke';
import {
  field,
  parseJson,
  readBody,
  send,
  sendJsonRpcError,
  sendRestError,
  ServiceError,
} from '../vendors/aws/aws-protocol';
import { createEventBridgeEmulator, type BusEventRecord } from '../vendors/eventbridge/eventbridge-emulator';
import {
  createSchedulerEmulator,
  type FireOutcome,
  type PendingSchedule,
  type StoredSchedule,
} from '../vendors/scheduler/scheduler-emulator';
import { createSecretsManagerEmulator } from '../vendors/secrets/secrets-manager-emulator';
import { createSesEmulator, SES_FAULTS, type SesFault } from '../vendors/ses/ses-emulator';
import { createS3Emulator, type LocalBucket } from '../vendors/s3/s3-emulator';
import {
  createSqsEmulator,
  type LocalQueue,
  type QueueDelivery,
  type StoredMessage,
} from '../vendors/sqs/sqs-emulator';
import { QUEUE_DELIVERY, type QueueName } from '../kernel/spec';
import { startTableStreamSource, type StreamDelivery } from '../vendors/aws/table-stream-source';
import { streamFilterPatterns } from '../platform/dynamodb/table-schema';
import { AUDIT_ARCHIVE_RETENTION_DAYS } from '../audit/spec';
import type { SimulatedOutbox } from '../vendors/simulated-outbox';
import { invokeJob } from './invoke';
import { localFunctionArn, localFunctionName } from './lambda-context';

export type { BusEventRecord, DeadLetter, FireOutcome, InvokeJob, PendingSchedule, QueueDelivery, StreamDelivery };

export const LOCAL_ACCOUNT = '000000000000';
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_EVENT_BUS_NAME = 'careloop-local';
export const LOCAL_SCHEDULE_GROUP = 'careloop-local-calls';
export const LOCAL_SCHEDULER_ROLE_ARN = `arn:aws:iam::${LOCAL_ACCOUNT}:role/careloop-local-scheduler`;
export const LOCAL_SCHEDULE_DLQ_ARN = `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:careloop-local-call-schedules-dlq`;
/** A queue of the job manifest, locally (`careloop-local-<queue>`). */
export const localQueueName = (queue: QueueName) => `careloop-local-${queue}`;
export const LOCAL_CALL_QUEUE_ARN = `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${localQueueName('calls')}`;
/** Lambda's timeout when the manifest gives none (as lambdas/local/invoke.ts runs jobs). */
const LOCAL_DEFAULT_TIMEOUT_SECONDS = 30;
/** The audit archive, locked as the CDK locks it (compliance mode, the audit spec's retention). */
export const LOCAL_AUDIT_ARCHIVE: LocalBucket = {
  name: 'careloop-local-audit-archive',
  objectLock: { mode: 'COMPLIANCE', days: AUDIT_ARCHIVE_RETENTION_DAYS },
};

/** Panel files: private, written by presigned links from the web's origin only (as the CDK's CORS rule). */
export const LOCAL_PANEL_FILES_BUCKET = 'careloop-local-panel-files';
export function localPanelFilesBucket(webOrigin: string | undefined): LocalBucket {
  return {
    name: LOCAL_PANEL_FILES_BUCKET,
    ...(webOrigin
      ? {
          cors: [
            {
              allowedOrigins: [webOrigin],
              allowedMethods: ['PUT'],
              allowedHeaders: ['content-type'],
              exposeHeaders: ['ETag'],
              maxAgeSeconds: 3000,
            },
          ],
        }
      : {}),
  };
}

/** The configuration the functions read to use these services (see kernel/env.ts). */
export function localAwsEnvironment(url: string) {
  return {
    SCHEDULER_ENDPOINT: url,
    EVENTBRIDGE_ENDPOINT: url,
    SECRETS_MANAGER_ENDPOINT: url,
    SES_ENDPOINT: url,
    S3_ENDPOINT: url,
    AUDIT_ARCHIVE_BUCKET: LOCAL_AUDIT_ARCHIVE.name,
    PANEL_FILES_BUCKET: LOCAL_PANEL_FILES_BUCKET,
    SCHEDULE_GROUP_NAME: LOCAL_SCHEDULE_GROUP,
    // Call schedules send to the queue of due calls, as in AWS.
    SCHEDULE_TARGET_ARN: LOCAL_CALL_QUEUE_ARN,
    SQS_ENDPOINT: url,
    CALL_QUEUE_URL: `${url}/${LOCAL_ACCOUNT}/${localQueueName('calls')}`,
    SCHEDULER_ROLE_ARN: LOCAL_SCHEDULER_ROLE_ARN,
    SCHEDULE_DLQ_ARN: LOCAL_SCHEDULE_DLQ_ARN,
    EVENT_BUS_NAME: LOCAL_EVENT_BUS_NAME,
  };
}

const JOB_NAMES: readonly JobName[] = JOBS.map((j) => j.name);
const isJobName = (name: string): name is JobName => (JOB_NAMES as readonly string[]).includes(name);

/** The queues of the job manifest's queue jobs, as the CDK makes them (dead letters with the call schedules'). */
export const localQueues = (visibilityTimeoutSeconds?: number): LocalQueue[] =>
  JOBS.flatMap((job) =>
    job.trigger.kind === 'queue'
      ? [
          {
            name: localQueueName(job.trigger.queue),
            job: job.name,
            batchSize: job.trigger.batchSize,
            visibilityTimeoutSeconds:
              visibilityTimeoutSeconds ??
              QUEUE_DELIVERY.visibilityPerTimeout * (job.timeoutSeconds ?? LOCAL_DEFAULT_TIMEOUT_SECONDS),
            maxReceiveCount: QUEUE_DELIVERY.maxReceiveCount,
            deadLetterArn: LOCAL_SCHEDULE_DLQ_ARN,
          },
        ]
      : [],
  );

/** The job a local Lambda ARN names (`…:function:careloop-local-<job>`, optionally qualified). */
export function jobForFunctionArn(arn: string): JobName | null {
  const match = /^arn:aws:lambda:[a-z0-9-]+:\d{12}:function:([A-Za-z0-9-_]+)(?::[A-Za-z0-9$_-]+)?$/.exec(arn);
  const job = JOB_NAMES.find((name) => localFunctionName(name) === match?.[1]);
  return job ?? null;
}

export interface LocalAwsServicesOptions {
  /** 0 picks a free port. */
  port: number;
  dataDir: string;
  /** Secrets Manager secrets by name: the SecretString of each. */
  secrets: Record<string, string>;
  /** How a job is invoked; defaults to the handler in lambdas/functions/<capability>/<job>.ts. */
  invoke?: InvokeJob;
  /** Run the manifest's rate jobs on their own (off in most tests: use POST /local/jobs/<name>/run). */
  rateJobs: boolean;
  /** Overrides every rate job's interval (tests). */
  rateEveryMs?: number;
  /** First retry delay; doubles per attempt up to 30 s. Real services wait longer; tests shorten it. */
  retryDelayMs?: number;
  /** SES: the verified identities (addresses, or domains for any address of theirs) mail may come from. */
  sesIdentities?: readonly string[];
  /** Where SES delivers (every recipient's copy); without one, SendEmail answers but keeps nothing. */
  outbox?: SimulatedOutbox;
  /**
   * How often the runner looks for due schedules and visible queue messages; 0 leaves firing to
   * fireDue and delivery to deliverDue (tests). Otherwise a message sent without a delay is
   * delivered at once, as Lambda's long-polling event source does.
   */
  tickMs?: number;
  /** Overrides every queue's visibility timeout (tests: redelivery within a test's time). */
  queueVisibilitySeconds?: number;
  /** S3's buckets (default: the audit archive and the panel files). */
  buckets?: readonly LocalBucket[];
  /** The web's origin: the only one whose pages may upload panel files (S3 CORS). */
  webOrigin?: string;
  /** The table whose stream the table-stream jobs read (DynamoDB Local's); none: no stream is read. */
  tableStream?: { dynamoEndpoint: string; tableName: string; pollMs?: number };
  log: (line: string) => void;
}

export interface LocalAwsServices {
  url: string;
  stop(): Promise<void>;
  /** Fires every schedule due by `at` (default now) and waits until each is invoked or dead-lettered. */
  fireDue(at?: Date): Promise<FireOutcome[]>;
  pendingSchedules(): PendingSchedule[];
  deadLetters(): DeadLetter[];
  /** Recent bus events (ids, types and deliveries), newest first. */
  recentEvents(): BusEventRecord[];
  /** Waits until no schedule firing, rate job or bus delivery is under way. */
  settled(): Promise<void>;
  /** What the table stream delivered to its jobs, oldest first. */
  streamDeliveries(): StreamDelivery[];
  /** Delivers every queue message visible at `at` (default now) to its job and waits for the jobs. */
  deliverDue(at?: Date): Promise<QueueDelivery[]>;
  /** The queues' messages not yet deleted (in flight too). */
  queuedMessages(): StoredMessage[];
}

interface StoredState {
  schedules: StoredSchedule[];
  deadLetters: DeadLetter[];
  messages: StoredMessage[];
}

export async function startLocalAwsServices(options: LocalAwsServicesOptions): Promise<LocalAwsServices> {
  const { log } = options;
  const invoke = options.invoke ?? invokeJob;
  const invoker = createAsyncInvoker({ invoke, retryDelayMs: options.retryDelayMs ?? 1000, log });
  const track = invoker.track;

  mkdirSync(options.dataDir, { recursive: true });
  const stateFile = join(options.dataDir, 'aws-services.json');
  const stored = existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as Partial<StoredState>) : {};
  let deadLetters = stored.deadLetters ?? [];

  let persistTimer: NodeJS.Timeout | undefined;
  const writeState = () => {
    persistTimer = undefined;
    const state: StoredState = { schedules: scheduler.stored(), deadLetters, messages: sqs.stored() };
    writeFileSync(`${stateFile}.tmp`, JSON.stringify(state));
    renameSync(`${stateFile}.tmp`, stateFile);
  };
  /** Written at most every 250 ms (and on stop): thousands of schedules must not rewrite the file each time. */
  const persist = () => {
    if (invoker.isStopped() || persistTimer) return;
    persistTimer = setTimeout(writeState, 250);
  };

  function deadLetter(letter: Omit<DeadLetter, 'at'>) {
    deadLetters.push({ ...letter, at: new Date().toISOString() });
    deadLetters = deadLetters.slice(-500);
    persist();
    log(`dead-lettered ${letter.trigger} ${letter.id} (${letter.job ?? 'no job'}: ${letter.errorCode})`);
  }

  const tickMs = options.tickMs ?? 1000;
  const queues = localQueues(options.queueVisibilitySeconds);
  const sqs = createSqsEmulator({
    region: LOCAL_REGION,
    account: LOCAL_ACCOUNT,
    queues,
    messages: stored.messages ?? [],
    persist,
    invoke,
    invoker,
    deadLetter,
    onVisible: () => {
      if (tickMs > 0 && !invoker.isStopped()) setImmediate(() => void deliverQueued());
    },
    log,
  });
  const deliverQueued = () =>
    sqs.deliverDue().catch((error: unknown) => {
      log(`queue runner error (${error instanceof Error ? error.name : 'Unknown'})`);
      return [];
    });
  const scheduler = createSchedulerEmulator({
    region: LOCAL_REGION,
    account: LOCAL_ACCOUNT,
    groups: ['default', LOCAL_SCHEDULE_GROUP],
    schedules: stored.schedules ?? [],
    persist,
    // A queue target names the job its queue starts (what GET /local/schedules shows).
    jobForFunctionArn: (arn) => jobForFunctionArn(arn) ?? queues.find((q) => sqs.queueArn(q.name) === arn)?.job ?? null,
    sendToQueue: sqs.sendToArn,
    invoker,
    deadLetter,
    log,
  });
  const { fireDue, pendingSchedules } = scheduler;
  const eventBridge = createEventBridgeEmulator({
    region: LOCAL_REGION,
    account: LOCAL_ACCOUNT,
    buses: ['default', LOCAL_EVENT_BUS_NAME],
    // The rules: one per event job on the CareLoop bus, matching its source and detail types.
    targetsOf: ({ bus, source, detailType }) =>
      bus === LOCAL_EVENT_BUS_NAME && source === EVENT_SOURCE
        ? JOBS.filter(
            (j) => j.trigger.kind === 'event' && (j.trigger.events as readonly string[]).includes(detailType),
          ).map((j) => j.name)
        : [],
    functionArn: localFunctionArn,
    invoker,
    deadLetter,
    log,
  });
  const secretsManager = createSecretsManagerEmulator({
    region: LOCAL_REGION,
    account: LOCAL_ACCOUNT,
    secrets: options.secrets,
  });
  const s3 = createS3Emulator({
    dataDir: options.dataDir,
    buckets: options.buckets ?? [LOCAL_AUDIT_ARCHIVE, localPanelFilesBucket(options.webOrigin)],
  });
  const tableStream = options.tableStream
    ? startTableStreamSource({
        dynamoEndpoint: options.tableStream.dynamoEndpoint,
        region: LOCAL_REGION,
        tableName: options.tableStream.tableName,
        jobs: JOBS.flatMap((job) =>
          job.trigger.kind === 'table-stream'
            ? [
                {
                  name: job.name,
                  patterns: streamFilterPatterns(job.trigger.entities),
                  batchSize: job.trigger.batchSize,
                },
              ]
            : [],
        ),
        invoker,
        deadLetter,
        functionArn: localFunctionArn,
        checkpointFile: join(options.dataDir, 'table-stream.json'),
        pollMs: options.tableStream.pollMs ?? 250,
        log,
      })
    : null;
  const ses = createSesEmulator({
    region: LOCAL_REGION,
    identities: options.sesIdentities ?? [],
    outbox: options.outbox,
    log,
  });

  // --- rate jobs -------------------------------------------------------------------------------

  async function runRateJob(job: JobName) {
    const result = await invoker.invokeWithRetries(job, {}, LAMBDA_ASYNC_ATTEMPTS);
    if (!result.ok && !invoker.isStopped()) {
      deadLetter({
        trigger: 'rate',
        destination: 'function',
        id: `rate:${job}`,
        job,
        targetArn: localFunctionArn(job),
        deadLetterArn: null,
        attempts: result.attempts,
        errorCode: result.errorCode,
      });
    }
  }

  // --- Scheduler API (restJson1) ---------------------------------------------------------------

  async function schedulerApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    try {
      const match = /^\/schedules(?:\/([^/]+))?$/.exec(url.pathname);
      const name = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
      const body = await readBody(req);
      if (match && name === undefined && req.method === 'GET') return send(res, 200, scheduler.listSchedules(url));
      if (match && name !== undefined) {
        if (req.method === 'POST') return send(res, 200, scheduler.createSchedule(name, parseJson(body)));
        if (req.method === 'GET') return send(res, 200, scheduler.getSchedule(name, url));
        if (req.method === 'DELETE') return send(res, 200, scheduler.deleteSchedule(name, url));
      }
      throw new ServiceError(
        404,
        'UnknownOperationException',
        `The local stand-in has no ${req.method} ${url.pathname}.`,
      );
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      sendRestError(res, error);
    }
  }

  // --- EventBridge PutEvents, Secrets Manager GetSecretValue (awsJson1_1), SQS SendMessage (awsJson1_0)

  async function jsonRpcApi(req: IncomingMessage, res: ServerResponse, target: string) {
    const operations: Record<string, (body: unknown) => unknown> = {
      'AWSEvents.PutEvents': eventBridge.putEvents,
      'secretsmanager.GetSecretValue': secretsManager.getSecretValue,
      'AmazonSQS.SendMessage': sqs.sendMessage,
    };
    const isSqs = target.startsWith('AmazonSQS.');
    const contentType = isSqs ? 'application/x-amz-json-1.0' : 'application/x-amz-json-1.1';
    try {
      const operation = operations[target];
      if (!operation || req.method !== 'POST') {
        throw new ServiceError(400, 'UnknownOperationException', `The local stand-in has no operation ${target}.`);
      }
      const answer = operation(parseJson(await readBody(req)));
      send(res, 200, answer, { 'Content-Type': contentType });
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      if (!isSqs) return sendJsonRpcError(res, error);
      // SQS's JSON protocol: the shape id in `__type`, its query-compatible code in a header.
      const queryCode = error.code === 'QueueDoesNotExist' ? 'AWS.SimpleQueueService.NonExistentQueue' : error.code;
      send(
        res,
        error.status,
        { __type: `com.amazonaws.sqs#${error.code}`, message: error.message },
        { 'Content-Type': contentType, 'x-amzn-query-error': `${queryCode};Sender` },
      );
    }
  }

  // --- SES v2 SendEmail (restJson1) ------------------------------------------------------------

  async function sesApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    try {
      const body = await readBody(req);
      if (req.method === 'POST' && url.pathname === '/v2/email/outbound-emails') {
        return send(res, 200, ses.sendEmail(parseJson(body)));
      }
      throw new ServiceError(404, 'NotFoundException', `The local stand-in has no ${req.method} ${url.pathname}.`);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      // SES v2 (restJson1): the type in x-amzn-ErrorType, the text in `message`.
      send(res, error.status, { message: error.message }, { 'x-amzn-ErrorType': error.code });
    }
  }

  // --- test hooks ------------------------------------------------------------------------------

  async function localApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    if (route === 'GET /health') return send(res, 200, { ok: true });
    if (route === 'GET /local/schedules') return send(res, 200, { schedules: pendingSchedules() });
    if (route === 'GET /local/dead-letters') return send(res, 200, { deadLetters });
    if (route === 'GET /local/events') return send(res, 200, { events: eventBridge.events() });
    if (route === 'GET /local/stream-deliveries') {
      return send(res, 200, { deliveries: tableStream?.deliveries() ?? [] });
    }
    if (route === 'POST /local/ses/faults') {
      let next: unknown;
      try {
        next = field(parseJson(await readBody(req)), 'next');
      } catch {
        next = undefined;
      }
      const list = Array.isArray(next) ? next : [];
      if (list.length === 0 || !list.every((f): f is SesFault => (SES_FAULTS as readonly unknown[]).includes(f))) {
        return send(res, 400, { error: `next must list faults among ${SES_FAULTS.join(', ')}` });
      }
      return send(res, 200, { queued: ses.queueFaults(list) });
    }
    if (route === 'GET /local/queues') return send(res, 200, { messages: sqs.stored() });
    if (route === 'POST /local/queues/deliver-due') {
      const at = url.searchParams.get('at');
      const when = at === null ? new Date() : new Date(at);
      if (Number.isNaN(when.getTime())) return send(res, 400, { error: 'at must be an ISO 8601 date-time' });
      return send(res, 200, { delivered: await sqs.deliverDue(when) });
    }
    if (route === 'POST /local/schedules/run-due') {
      const at = url.searchParams.get('at');
      const when = at === null ? new Date() : new Date(at);
      if (Number.isNaN(when.getTime())) return send(res, 400, { error: 'at must be an ISO 8601 date-time' });
      return send(res, 200, { fired: await fireDue(when) });
    }
    const job = /^POST \/local\/jobs\/([^/]+)\/run$/.exec(route)?.[1];
    if (job !== undefined) {
      if (!isJobName(job)) return send(res, 404, { error: `No job ${job} in the job manifest` });
      let event: unknown;
      try {
        event = parseJson(await readBody(req));
      } catch {
        return send(res, 400, { error: 'The body must be the event, as JSON' });
      }
      const queued = JOBS.find((j) => j.name === job)?.trigger.kind === 'queue';
      if (queued && field(event, 'Records') === undefined) {
        event = {
          Records: [
            {
              messageId: randomUUID(),
              body: JSON.stringify(event),
              attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(Date.now()) },
              messageAttributes: {},
              eventSource: 'aws:sqs',
            },
          ],
        };
      }
      try {
        const result = await track(invoke(job, event));
        return send(res, 200, { result: result ?? null });
      } catch (error) {
        return send(res, 500, { error: error instanceof Error ? error.name : 'Unknown' });
      }
    }
    send(res, 404, { error: 'Not found' });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const target = req.headers['x-amz-target'];
    const handled =
      typeof target === 'string'
        ? jsonRpcApi(req, res, target)
        : url.pathname.startsWith('/schedules')
          ? schedulerApi(req, res, url)
          : url.pathname.startsWith('/v2/email/')
            ? sesApi(req, res, url)
            : s3.handles(url)
              ? s3.handle(req, res, url)
              : localApi(req, res, url);
    handled.catch((error: unknown) => {
      log(`local AWS services: internal error (${error instanceof Error ? error.name : 'Unknown'})`);
      if (!res.headersSent)
        send(
          res,
          500,
          { __type: 'InternalServerException', Message: 'Internal error' },
          { 'x-amzn-ErrorType': 'InternalServerException' },
        );
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const timers: NodeJS.Timeout[] = [];
  if (tickMs > 0) {
    timers.push(
      setInterval(() => {
        fireDue().catch((error: unknown) =>
          log(`scheduler runner error (${error instanceof Error ? error.name : 'Unknown'})`),
        );
        void deliverQueued();
      }, tickMs),
    );
    // Messages kept from before a restart are delivered at once.
    void deliverQueued();
  }
  if (options.rateJobs) {
    for (const job of JOBS) {
      if (job.trigger.kind !== 'schedule' || job.trigger.schedule !== 'rate') continue;
      const everyMs = options.rateEveryMs ?? job.trigger.everyMinutes * 60_000;
      timers.push(setInterval(() => void track(runRateJob(job.name)), everyMs));
    }
  }
  timers.forEach((t) => t.unref());

  return {
    url,
    fireDue,
    pendingSchedules,
    deadLetters: () => [...deadLetters],
    recentEvents: () => eventBridge.events().map((e) => ({ ...e, deliveries: e.deliveries.map((d) => ({ ...d })) })),
    settled: () => invoker.settled(),
    streamDeliveries: () => tableStream?.deliveries() ?? [],
    deliverDue: (at) => sqs.deliverDue(at),
    queuedMessages: () => sqs.stored().map((m) => ({ ...m })),
    async stop() {
      await tableStream?.stop();
      if (persistTimer) clearTimeout(persistTimer);
      if (!invoker.isStopped()) writeState();
      invoker.stop();
      timers.forEach(clearInterval);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
