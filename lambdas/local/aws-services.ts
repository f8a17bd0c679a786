/**
 * Local AWS services: the parts of EventBridge Scheduler, EventBridge and Secrets Manager that
 * CareLoop uses, on one HTTP server on 127.0.0.1. The functions use the real SDK v3 clients with an
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
 * Where AWS leaves an order open, the stand-in takes the stricter one: a one-time schedule is
 * deleted (ActionAfterCompletion DELETE) only after its invocation settles, so a handler that
 * creates a schedule of the same name meets a ConflictException here, as it may in AWS.
 *
 * Scheduler operations: CreateSchedule, GetSchedule, DeleteSchedule and ListSchedules (group, name
 * prefix, state, MaxResults and NextToken paging).
 *
 * SES v2 SendEmail (restJson1, POST /v2/email/outbound-emails, SES_ENDPOINT): simple content only,
 * checked as SES checks it (a verified From identity, 1 to 50 recipients with well-formed addresses,
 * a subject and a text or HTML body, message tags); each recipient's copy lands in the local outbox.
 *
 * Test hooks: GET /local/schedules, POST /local/schedules/run-due?at=<ISO> (time travel),
 * POST /local/jobs/<name>/run, GET /local/dead-letters, GET /local/events, POST /local/ses/faults
 * (`{ "next": ["MessageRejected" | "TooManyRequestsException" | "InternalFailure", ...] }`: the
 * next SendEmail requests fail so).
 * Logs carry ids, job names and error names only.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { EVENT_SOURCE, JOBS, type JobName } from '../jobs';
import { invokeJob } from './invoke';
import { localFunctionArn, localFunctionName } from './lambda-context';
import type { OutboxMessage } from './outbox';

export const LOCAL_ACCOUNT = '000000000000';
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_EVENT_BUS_NAME = 'careloop-local';
export const LOCAL_SCHEDULE_GROUP = 'careloop-local-calls';
export const LOCAL_SCHEDULER_ROLE_ARN = `arn:aws:iam::${LOCAL_ACCOUNT}:role/careloop-local-scheduler`;
export const LOCAL_SCHEDULE_DLQ_ARN = `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:careloop-local-call-schedules-dlq`;

/** The configuration the functions read to use these services (see platform/env.ts). */
export function localAwsEnvironment(url: string) {
  return {
    SCHEDULER_ENDPOINT: url,
    EVENTBRIDGE_ENDPOINT: url,
    SECRETS_MANAGER_ENDPOINT: url,
    SES_ENDPOINT: url,
    SCHEDULE_GROUP_NAME: LOCAL_SCHEDULE_GROUP,
    SCHEDULE_TARGET_ARN: localFunctionArn('place-scheduled-call'),
    SCHEDULER_ROLE_ARN: LOCAL_SCHEDULER_ROLE_ARN,
    SCHEDULE_DLQ_ARN: LOCAL_SCHEDULE_DLQ_ARN,
    EVENT_BUS_NAME: LOCAL_EVENT_BUS_NAME,
  };
}

const JOB_NAMES: readonly JobName[] = JOBS.map((j) => j.name);
const isJobName = (name: string): name is JobName => (JOB_NAMES as readonly string[]).includes(name);

/** The job a local Lambda ARN names (`…:function:careloop-local-<job>`, optionally qualified). */
export function jobForFunctionArn(arn: string): JobName | null {
  const match = /^arn:aws:lambda:[a-z0-9-]+:\d{12}:function:([A-Za-z0-9-_]+)(?::[A-Za-z0-9$_-]+)?$/.exec(arn);
  const job = JOB_NAMES.find((name) => localFunctionName(name) === match?.[1]);
  return job ?? null;
}

export type InvokeJob = (job: JobName, event: unknown) => Promise<unknown>;

export interface LocalAwsServicesOptions {
  /** 0 picks a free port. */
  port: number;
  dataDir: string;
  /** Secrets Manager secrets by name: the SecretString of each. */
  secrets: Record<string, string>;
  /** How a job is invoked; defaults to the handler in lambdas/handlers/<job>.ts. */
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
  outbox?: { add(message: Omit<OutboxMessage, 'id' | 'createdAt'>): unknown };
  /** How often the runner looks for due schedules; 0 leaves firing to fireDue (tests). */
  tickMs?: number;
  log: (line: string) => void;
}

export interface PendingSchedule {
  name: string;
  groupName: string;
  /** When it fires (ISO 8601, UTC). */
  dueAt: string;
  state: string;
  /** The job the target ARN names, or null when it names none (it will dead-letter). */
  job: JobName | null;
  input: string | null;
  /** Created for a time already past: kept, but it never fires. */
  expired: boolean;
}

export interface FireOutcome {
  name: string;
  groupName: string;
  /** interrupted: the services stopped while it was being retried (it fires again after a restart). */
  outcome: 'invoked' | 'dead-lettered' | 'interrupted';
  attempts: number;
}

export interface DeadLetter {
  trigger: 'schedule' | 'rate' | 'event';
  /**
   * function: the handler failed every asynchronous attempt (AWS: the function's dead-letter queue);
   * trigger: it could not be invoked at all (AWS: the schedule's DeadLetterConfig).
   */
  destination: 'function' | 'trigger';
  /** The schedule name (`rate:<job>` for rate jobs) or the event id. */
  id: string;
  job: JobName | null;
  targetArn: string;
  /** The schedule's DeadLetterConfig for `trigger`; null for `function` (the CDK's queue). */
  deadLetterArn: string | null;
  attempts: number;
  /** The error's name (ids and codes only: an error message may carry data). */
  errorCode: string;
  at: string;
  /** Scheduler: the target Input, which AWS puts in the DLQ message body (ids only, by contract). */
  input?: string;
  /** Bus: the event's detail type. */
  detailType?: string;
}

export interface BusEventRecord {
  id: string;
  detailType: string;
  /** The event's detail: ids and codes only, by the bus contract. */
  detail: Record<string, unknown>;
  time: string;
  deliveries: { job: JobName; status: 'pending' | 'delivered' | 'dead-lettered'; attempts: number }[];
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
}

// ---------------------------------------------------------------------------------------------
// Errors in the shapes the SDK parses

class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
const validation = (message: string): ServiceError => new ServiceError(400, 'ValidationException', message);
/** The wording AWS uses for a member that breaks its model constraint. */
const constraint = (value: unknown, member: string, rule: string): ServiceError =>
  validation(
    `1 validation error detected: Value '${String(value)}' at '${member}' failed to satisfy constraint: ${rule}`,
  );

// ---------------------------------------------------------------------------------------------
// EventBridge Scheduler

interface StoredSchedule {
  name: string;
  groupName: string;
  arn: string;
  /** The CreateSchedule body as received, without Name, GroupName and ClientToken. */
  request: Record<string, unknown>;
  clientToken: string | null;
  dueAt: string;
  createdAt: string;
  expired: boolean;
  /** Fired, with ActionAfterCompletion NONE: kept, never fired again. */
  completed: boolean;
}

interface StoredState {
  schedules: StoredSchedule[];
  deadLetters: DeadLetter[];
}

const NAME_PATTERN = /^[0-9a-zA-Z-_.]+$/;
const CLIENT_TOKEN_PATTERN = /^[a-zA-Z0-9-_]+$/;
const ROLE_ARN_PATTERN = /^arn:aws(-[a-z]+)?:iam::\d{12}:role\/[\w+=,.@/-]+$/;
const SQS_ARN_PATTERN = /^arn:aws(-[a-z]+)?:sqs:[a-z0-9-]+:\d{12}:[a-zA-Z0-9-_]+$/;
const AT_PATTERN = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/;
/** Lambda runs a failing asynchronous invocation (from Scheduler or EventBridge) three times in all. */
const LAMBDA_ASYNC_ATTEMPTS = 3;
const MAX_RETRY_DELAY_MS = 30_000;
const RECENT_EVENTS = 100;

const scheduleArn = (group: string, name: string) =>
  `arn:aws:scheduler:${LOCAL_REGION}:${LOCAL_ACCOUNT}:schedule/${group}/${name}`;
const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkName(value: unknown, member: string): string {
  if (typeof value !== 'string' || value.length < 1 || value.length > 64) {
    throw constraint(value, member, 'Member must have length between 1 and 64');
  }
  if (!NAME_PATTERN.test(value)) {
    throw constraint(value, member, `Member must satisfy regular expression pattern: ${NAME_PATTERN.source}`);
  }
  return value;
}

/** The instant a wall-clock time in `timeZone` names (two passes settle DST offsets). */
function wallTimeToInstant(parts: number[], timeZone: string): number {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = parts;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsetAt = (instant: number) => {
    const p = Object.fromEntries(format.formatToParts(instant).map((x) => [x.type, Number(x.value)]));
    return Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day, p.hour, p.minute, p.second) - instant;
  };
  return asUtc - offsetAt(asUtc - offsetAt(asUtc));
}

/** The time an `at(yyyy-mm-ddThh:mm:ss)` expression names, in the schedule's time zone. */
function parseAt(expression: unknown, timeZone: string): Date {
  if (typeof expression !== 'string' || expression.length < 1 || expression.length > 256) {
    throw constraint(expression, 'scheduleExpression', 'Member must have length between 1 and 256');
  }
  if (/^(rate|cron)\(/.test(expression)) {
    throw validation(
      `Invalid Schedule Expression ${expression}. The local stand-in runs one-time at() schedules only; ` +
        'recurring jobs come from the job manifest (rate jobs).',
    );
  }
  const match = AT_PATTERN.exec(expression);
  const parts = match?.slice(1).map(Number);
  const [year, month, day, hour, minute, second] = parts ?? [];
  const valid =
    parts &&
    new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second)).toISOString().slice(0, 19) ===
      expression.slice(3, 22);
  if (!parts || !valid) throw validation(`Invalid Schedule Expression ${expression}.`);
  return new Date(wallTimeToInstant(parts, timeZone));
}

function checkTimeZone(value: unknown): string {
  if (value === undefined) return 'UTC';
  try {
    if (typeof value !== 'string') throw new RangeError();
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    throw validation(`Invalid time zone ${String(value)}.`);
  }
}

function checkIntegerIn(value: unknown, member: string, min: number, max: number): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw constraint(value, member, `Member must have value greater than or equal to ${min}`);
  }
  if (value > max) throw constraint(value, member, `Member must have value less than or equal to ${max}`);
}

function checkEnum(value: unknown, member: string, allowed: readonly string[]): void {
  if (value !== undefined && (typeof value !== 'string' || !allowed.includes(value))) {
    throw constraint(value, member, `Member must satisfy enum value set: [${allowed.join(', ')}]`);
  }
}

/** What CreateSchedule checks in its body, beyond the name and group. */
function checkScheduleBody(body: Record<string, unknown>): { dueAt: Date; clientToken: string | null } {
  const timeZone = checkTimeZone(body.ScheduleExpressionTimezone);
  const dueAt = parseAt(body.ScheduleExpression, timeZone);

  const window = body.FlexibleTimeWindow;
  if (!isObject(window)) throw validation('FlexibleTimeWindow is required.');
  checkEnum(window.Mode, 'flexibleTimeWindow.mode', ['OFF', 'FLEXIBLE']);
  if (window.Mode === undefined) throw validation('FlexibleTimeWindow.Mode is required.');
  if (window.Mode === 'FLEXIBLE' && window.MaximumWindowInMinutes === undefined) {
    throw validation('MaximumWindowInMinutes is required when Mode is FLEXIBLE.');
  }
  checkIntegerIn(window.MaximumWindowInMinutes, 'flexibleTimeWindow.maximumWindowInMinutes', 1, 1440);

  const target = body.Target;
  if (!isObject(target)) throw validation('Target is required.');
  if (typeof target.Arn !== 'string' || target.Arn.length < 1 || target.Arn.length > 1600) {
    throw constraint(target.Arn, 'target.arn', 'Member must have length between 1 and 1600');
  }
  if (typeof target.RoleArn !== 'string' || !ROLE_ARN_PATTERN.test(target.RoleArn)) {
    throw constraint(
      target.RoleArn,
      'target.roleArn',
      `Member must satisfy regular expression pattern: ${ROLE_ARN_PATTERN.source}`,
    );
  }
  if (target.Input !== undefined && (typeof target.Input !== 'string' || target.Input.length < 1)) {
    throw constraint('', 'target.input', 'Member must have length greater than or equal to 1');
  }
  if (typeof target.Input === 'string' && target.Input.length > 8192) {
    throw constraint('***', 'target.input', 'Member must have length less than or equal to 8192');
  }
  const retry = target.RetryPolicy;
  checkIntegerIn(field(retry, 'MaximumRetryAttempts'), 'target.retryPolicy.maximumRetryAttempts', 0, 185);
  checkIntegerIn(field(retry, 'MaximumEventAgeInSeconds'), 'target.retryPolicy.maximumEventAgeInSeconds', 60, 86400);
  const dlq = field(target.DeadLetterConfig, 'Arn');
  if (dlq !== undefined && (typeof dlq !== 'string' || !SQS_ARN_PATTERN.test(dlq))) {
    throw constraint(
      dlq,
      'target.deadLetterConfig.arn',
      `Member must satisfy regular expression pattern: ${SQS_ARN_PATTERN.source}`,
    );
  }

  checkEnum(body.State, 'state', ['ENABLED', 'DISABLED']);
  checkEnum(body.ActionAfterCompletion, 'actionAfterCompletion', ['NONE', 'DELETE']);
  if (body.Description !== undefined && (typeof body.Description !== 'string' || body.Description.length > 512)) {
    throw constraint('***', 'description', 'Member must have length less than or equal to 512');
  }
  const token = body.ClientToken;
  if (token !== undefined) {
    if (typeof token !== 'string' || token.length < 1 || token.length > 64) {
      throw constraint(token, 'clientToken', 'Member must have length between 1 and 64');
    }
    if (!CLIENT_TOKEN_PATTERN.test(token)) {
      throw constraint(
        token,
        'clientToken',
        `Member must satisfy regular expression pattern: ${CLIENT_TOKEN_PATTERN.source}`,
      );
    }
  }
  return { dueAt, clientToken: typeof token === 'string' ? token : null };
}

/** The `group/name` a ListSchedules NextToken (opaque to callers) carries. */
function readListToken(token: string): string {
  const key = token.length <= 2048 ? Buffer.from(token, 'base64url').toString('utf8') : '';
  const [group, name, ...rest] = key.split('/');
  if (!group || !name || rest.length > 0 || !NAME_PATTERN.test(group) || !NAME_PATTERN.test(name)) {
    throw validation('The NextToken is not valid.');
  }
  return key;
}

/** GetSchedule's answer: the stored request with the service's own fields. */
function describeSchedule(s: StoredSchedule) {
  const request = s.request;
  return {
    ...request,
    Arn: s.arn,
    Name: s.name,
    GroupName: s.groupName,
    State: request.State ?? 'ENABLED',
    ActionAfterCompletion: request.ActionAfterCompletion ?? 'NONE',
    ScheduleExpressionTimezone: request.ScheduleExpressionTimezone ?? 'UTC',
    CreationDate: epochSeconds(s.createdAt),
    LastModificationDate: epochSeconds(s.createdAt),
  };
}

// ---------------------------------------------------------------------------------------------
// SES v2

const SES_FAULTS = ['MessageRejected', 'TooManyRequestsException', 'InternalFailure'] as const;
type SesFault = (typeof SES_FAULTS)[number];
const SES_FAULT_STATUS: Record<SesFault, number> = {
  MessageRejected: 400,
  TooManyRequestsException: 429,
  InternalFailure: 500,
};
const SES_FAULT_MESSAGES: Record<SesFault, string> = {
  MessageRejected: 'Message rejected (simulated fault).',
  TooManyRequestsException: 'Too many requests (simulated fault).',
  InternalFailure: 'An internal error occurred (simulated fault).',
};

const sesBadRequest = (message: string) => new ServiceError(400, 'BadRequestException', message);
const sesConstraint = (member: string, rule: string) =>
  sesBadRequest(`1 validation error detected: Value null at '${member}' failed to satisfy constraint: ${rule}`);

/** A plain address (`local@domain.tld`), lower-cased; SES refuses anything else this way. */
function checkAddress(value: unknown): string {
  const address = typeof value === 'string' ? value.trim() : '';
  if (!/^[^\s@<>()",;]+@[^\s@<>()",;]+\.[A-Za-z0-9-]+$/.test(address)) throw sesBadRequest("Missing final '@domain'");
  return address.toLowerCase();
}

/** The `Data` of an SES `Content` member, or null when absent. */
function textOf(content: unknown): string | null {
  const data = field(content, 'Data');
  if (content === undefined) return null;
  if (typeof data !== 'string') throw sesBadRequest('Content Data must be a string.');
  return data;
}

// ---------------------------------------------------------------------------------------------
// HTTP plumbing

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError(400, 'SerializationException', 'The request body is not valid JSON.');
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'x-amzn-RequestId': randomUUID(),
    ...headers,
  });
  res.end(JSON.stringify(body));
}

/** restJson1 (Scheduler): the error type in the x-amzn-ErrorType header, the message in the body. */
const sendRestError = (res: ServerResponse, e: ServiceError) =>
  send(res, e.status, { Message: e.message }, { 'x-amzn-ErrorType': e.code });

/** awsJson1_1 (EventBridge, Secrets Manager): the error type in `__type`. */
const sendJsonRpcError = (res: ServerResponse, e: ServiceError) =>
  send(res, e.status, { __type: e.code, Message: e.message }, { 'Content-Type': 'application/x-amz-json-1.1' });

/** A sleep that stop() cuts short. */
function sleeper() {
  const wakers = new Set<() => void>();
  return {
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wakers.delete(done);
          resolve();
        }
        wakers.add(done);
      }),
    wakeAll: () => [...wakers].forEach((wake) => wake()),
  };
}

// ---------------------------------------------------------------------------------------------

export async function startLocalAwsServices(options: LocalAwsServicesOptions): Promise<LocalAwsServices> {
  const { log } = options;
  const invoke = options.invoke ?? invokeJob;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const groups = new Set(['default', LOCAL_SCHEDULE_GROUP]);
  const buses = new Set(['default', LOCAL_EVENT_BUS_NAME]);

  mkdirSync(options.dataDir, { recursive: true });
  const stateFile = join(options.dataDir, 'aws-services.json');
  const stored = existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as Partial<StoredState>) : {};
  const state: StoredState = { schedules: stored.schedules ?? [], deadLetters: stored.deadLetters ?? [] };
  const events: BusEventRecord[] = [];

  let stopped = false;
  let persistTimer: NodeJS.Timeout | undefined;
  const writeState = () => {
    persistTimer = undefined;
    writeFileSync(`${stateFile}.tmp`, JSON.stringify(state));
    renameSync(`${stateFile}.tmp`, stateFile);
  };
  /** Written at most every 250 ms (and on stop): thousands of schedules must not rewrite the file each time. */
  const persist = () => {
    if (stopped || persistTimer) return;
    persistTimer = setTimeout(writeState, 250);
  };
  const { sleep, wakeAll } = sleeper();
  const work = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>): Promise<T> => {
    work.add(promise);
    void promise.finally(() => work.delete(promise)).catch(() => undefined);
    return promise;
  };

  /** Invokes a job until it succeeds or the attempts run out, backing off between attempts. */
  async function invokeWithRetries(job: JobName, event: unknown, maxAttempts: number) {
    let errorCode = 'Unknown';
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      try {
        await invoke(job, event);
        return { ok: true as const, attempts: attempt };
      } catch (error) {
        errorCode = error instanceof Error ? error.name : 'Unknown';
        log(`${job} failed (${errorCode}), attempt ${attempt} of ${maxAttempts}`);
        if (stopped || attempt === maxAttempts) return { ok: false as const, attempts: attempt, errorCode };
        await sleep(Math.min(retryDelayMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS));
        if (stopped) return { ok: false as const, attempts: attempt, errorCode };
      }
    }
    return { ok: false as const, attempts: maxAttempts, errorCode };
  }

  function deadLetter(letter: Omit<DeadLetter, 'at'>) {
    state.deadLetters.push({ ...letter, at: new Date().toISOString() });
    state.deadLetters = state.deadLetters.slice(-500);
    persist();
    log(`dead-lettered ${letter.trigger} ${letter.id} (${letter.job ?? 'no job'}: ${letter.errorCode})`);
  }

  // --- scheduler runner ------------------------------------------------------------------------

  const firing = new Map<StoredSchedule, Promise<FireOutcome>>();

  async function fire(schedule: StoredSchedule): Promise<FireOutcome> {
    const target = schedule.request.Target as Record<string, unknown>;
    const targetArn = String(target.Arn);
    const input = typeof target.Input === 'string' ? target.Input : undefined;
    const job = jobForFunctionArn(targetArn);
    let event: unknown = {};
    let payloadIsJson = true;
    try {
      if (input !== undefined) event = JSON.parse(input) as unknown;
    } catch {
      payloadIsJson = false;
    }
    // What the target cannot recover from is not retried (a missing function, a payload Lambda refuses).
    const result: { ok: boolean; attempts: number; errorCode?: string } = !job
      ? { ok: false, attempts: 1, errorCode: 'ResourceNotFoundException' }
      : !payloadIsJson
        ? { ok: false, attempts: 1, errorCode: 'InvalidRequestContentException' }
        : await invokeWithRetries(job, event, LAMBDA_ASYNC_ATTEMPTS);
    if (stopped) {
      return { name: schedule.name, groupName: schedule.groupName, outcome: 'interrupted', attempts: result.attempts };
    }
    if (result.ok) {
      log(`schedule ${schedule.groupName}/${schedule.name} invoked ${job ?? targetArn}`);
    } else {
      const dlq = field(target.DeadLetterConfig, 'Arn');
      const invoked = job !== null && payloadIsJson;
      deadLetter({
        trigger: 'schedule',
        destination: invoked ? 'function' : 'trigger',
        id: schedule.name,
        job,
        targetArn,
        deadLetterArn: !invoked && typeof dlq === 'string' ? dlq : null,
        attempts: result.attempts,
        errorCode: result.errorCode ?? 'Unknown',
        ...(input !== undefined ? { input } : {}),
      });
    }
    // Only this schedule: the name may already belong to a new one (cancelled and created again).
    if (schedule.request.ActionAfterCompletion === 'DELETE') {
      state.schedules = state.schedules.filter((s) => s !== schedule);
    } else {
      schedule.completed = true;
    }
    persist();
    return {
      name: schedule.name,
      groupName: schedule.groupName,
      outcome: result.ok ? 'invoked' : 'dead-lettered',
      attempts: result.attempts,
    };
  }

  const isDue = (s: StoredSchedule, at: Date) =>
    !s.completed && !s.expired && (s.request.State ?? 'ENABLED') === 'ENABLED' && Date.parse(s.dueAt) <= at.getTime();

  function fireDue(at: Date = new Date()): Promise<FireOutcome[]> {
    const runs = state.schedules
      .filter((s) => isDue(s, at))
      .map((s) => {
        let run = firing.get(s);
        if (!run) {
          run = track(fire(s)).finally(() => firing.delete(s));
          firing.set(s, run);
        }
        return run;
      });
    return Promise.all(runs);
  }

  const toPending = (s: StoredSchedule): PendingSchedule => {
    const target = s.request.Target as Record<string, unknown>;
    return {
      name: s.name,
      groupName: s.groupName,
      dueAt: s.dueAt,
      state: String(s.request.State ?? 'ENABLED'),
      job: jobForFunctionArn(String(target.Arn)),
      input: typeof target.Input === 'string' ? target.Input : null,
      expired: s.expired,
    };
  };
  const pendingSchedules = () =>
    state.schedules
      .filter((s) => !s.completed)
      .map(toPending)
      .sort((a, b) => a.dueAt.localeCompare(b.dueAt));

  // --- rate jobs -------------------------------------------------------------------------------

  async function runRateJob(job: JobName) {
    const result = await invokeWithRetries(job, {}, LAMBDA_ASYNC_ATTEMPTS);
    if (!result.ok && !stopped) {
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

  const findSchedule = (group: string, name: string) =>
    state.schedules.find((s) => s.groupName === group && s.name === name);

  const checkGroup = (value: unknown): string => {
    const group = value === undefined || value === null ? 'default' : checkName(value, 'groupName');
    if (!groups.has(group))
      throw new ServiceError(404, 'ResourceNotFoundException', `Schedule group ${group} does not exist.`);
    return group;
  };

  function createSchedule(rawName: string, body: unknown) {
    if (!isObject(body)) throw validation('The request body must be a JSON object.');
    const name = checkName(rawName, 'name');
    const groupName = checkGroup(body.GroupName);
    const { dueAt, clientToken } = checkScheduleBody(body);
    const { Name: _n, GroupName: _g, ClientToken: _t, ...request } = body;
    const existing = findSchedule(groupName, name);
    if (existing) {
      // The same request retried with its token gets the same answer; anything else conflicts.
      if (
        clientToken &&
        existing.clientToken === clientToken &&
        JSON.stringify(existing.request) === JSON.stringify(request)
      ) {
        return { ScheduleArn: existing.arn };
      }
      throw new ServiceError(409, 'ConflictException', `Schedule ${name} already exists.`);
    }
    const now = Date.now();
    // One-minute precision: a time within the current minute still fires; one already past never does.
    const expired = dueAt.getTime() < now - 60_000;
    const schedule: StoredSchedule = {
      name,
      groupName,
      arn: scheduleArn(groupName, name),
      request,
      clientToken,
      dueAt: dueAt.toISOString(),
      createdAt: new Date(now).toISOString(),
      expired,
      completed: false,
    };
    state.schedules.push(schedule);
    persist();
    log(
      `schedule ${groupName}/${name} created for ${schedule.dueAt}${expired ? ' (already past: it will never fire)' : ''}`,
    );
    return { ScheduleArn: schedule.arn };
  }

  function getSchedule(name: string, url: URL) {
    const groupName = checkGroup(url.searchParams.get('groupName'));
    const schedule = findSchedule(groupName, name);
    if (!schedule) throw new ServiceError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
    return describeSchedule(schedule);
  }

  function deleteSchedule(name: string, url: URL) {
    const groupName = checkGroup(url.searchParams.get('groupName'));
    const schedule = findSchedule(groupName, name);
    if (!schedule) throw new ServiceError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
    state.schedules = state.schedules.filter((s) => s !== schedule);
    persist();
    log(`schedule ${groupName}/${name} deleted`);
    return {};
  }

  /**
   * ListSchedules: GET /schedules?ScheduleGroup=&NamePrefix=&State=&MaxResults=&NextToken= (the SDK
   * sends GroupName as `ScheduleGroup`). Schedules come in group and name order; the NextToken names
   * the last one returned, so schedules deleted between pages (a caller deleting what it lists) move
   * nothing. Fired schedules kept by ActionAfterCompletion NONE are listed, as in AWS.
   */
  function listSchedules(url: URL) {
    const query = (key: string) => url.searchParams.get(key) ?? undefined;
    const rawGroup = query('ScheduleGroup');
    const group = rawGroup === undefined ? undefined : checkGroup(rawGroup);
    const prefix = query('NamePrefix');
    if (prefix !== undefined) checkName(prefix, 'namePrefix');
    const wanted = query('State');
    checkEnum(wanted, 'state', ['ENABLED', 'DISABLED']);
    const rawMax = query('MaxResults');
    const max = rawMax === undefined ? 100 : Number(rawMax);
    checkIntegerIn(max, 'maxResults', 1, 100);
    const token = query('NextToken');
    const after = token === undefined ? undefined : readListToken(token);

    const key = (s: { groupName: string; name: string }) => `${s.groupName}/${s.name}`;
    const all = state.schedules
      .filter(
        (s) =>
          (group === undefined || s.groupName === group) &&
          (prefix === undefined || s.name.startsWith(prefix)) &&
          (wanted === undefined || (s.request.State ?? 'ENABLED') === wanted) &&
          (after === undefined || key(s) > after),
      )
      .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    const page = all.slice(0, max);
    const last = page.at(-1);
    return {
      Schedules: page.map((s) => ({
        Arn: s.arn,
        Name: s.name,
        GroupName: s.groupName,
        State: s.request.State ?? 'ENABLED',
        CreationDate: epochSeconds(s.createdAt),
        LastModificationDate: epochSeconds(s.createdAt),
        Target: { Arn: field(s.request.Target, 'Arn') },
      })),
      ...(last && all.length > max ? { NextToken: Buffer.from(key(last)).toString('base64url') } : {}),
    };
  }

  async function schedulerApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    try {
      const match = /^\/schedules(?:\/([^/]+))?$/.exec(url.pathname);
      const name = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
      const body = await readBody(req);
      if (match && name === undefined && req.method === 'GET') return send(res, 200, listSchedules(url));
      if (match && name !== undefined) {
        if (req.method === 'POST') return send(res, 200, createSchedule(name, parseJson(body)));
        if (req.method === 'GET') return send(res, 200, getSchedule(name, url));
        if (req.method === 'DELETE') return send(res, 200, deleteSchedule(name, url));
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

  // --- EventBridge PutEvents (awsJson1_1) ------------------------------------------------------

  const busOf = (value: unknown): string | null => {
    if (value === undefined) return 'default';
    if (typeof value !== 'string') return null;
    const name = /^arn:aws:events:[a-z0-9-]+:\d{12}:event-bus\/(.+)$/.exec(value)?.[1] ?? value;
    return buses.has(name) ? name : null;
  };

  async function deliver(record: BusEventRecord, envelope: unknown) {
    await Promise.all(
      record.deliveries.map(async (delivery) => {
        const result = await invokeWithRetries(delivery.job, envelope, LAMBDA_ASYNC_ATTEMPTS);
        delivery.attempts = result.attempts;
        delivery.status = result.ok ? 'delivered' : 'dead-lettered';
        if (!result.ok && !stopped) {
          deadLetter({
            trigger: 'event',
            destination: 'function',
            id: record.id,
            job: delivery.job,
            targetArn: localFunctionArn(delivery.job),
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
        account: LOCAL_ACCOUNT,
        time: (typeof time === 'number' ? new Date(time * 1000) : new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        region: LOCAL_REGION,
        resources: Array.isArray(field(entry, 'Resources')) ? field(entry, 'Resources') : [],
        detail,
      };
      // The rules: one per event job on the CareLoop bus, matching its source and detail types.
      const jobs =
        bus === LOCAL_EVENT_BUS_NAME && source === EVENT_SOURCE
          ? JOBS.filter(
              (j) => j.trigger.kind === 'event' && (j.trigger.events as readonly string[]).includes(String(detailType)),
            ).map((j) => j.name)
          : [];
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
      if (jobs.length) void track(new Promise(setImmediate).then(() => deliver(record, envelope)));
      return { EventId: id };
    });
    return { FailedEntryCount: results.filter((r) => 'ErrorCode' in r).length, Entries: results };
  }

  // --- Secrets Manager GetSecretValue (awsJson1_1) ---------------------------------------------

  const secretArn = (name: string) =>
    `arn:aws:secretsmanager:${LOCAL_REGION}:${LOCAL_ACCOUNT}:secret:${name}-` +
    createHash('sha256')
      .update(name)
      .digest('base64url')
      .replace(/[^A-Za-z0-9]/g, 'x')
      .slice(0, 6);
  const secretCreated = Math.floor(Date.now() / 1000);

  function getSecretValue(body: unknown) {
    const id = field(body, 'SecretId');
    if (typeof id !== 'string' || id.length < 1 || id.length > 2048) {
      throw constraint(id, 'secretId', 'Member must have length between 1 and 2048');
    }
    const name = Object.keys(options.secrets).find((n) => n === id || secretArn(n) === id);
    if (name === undefined) {
      throw new ServiceError(400, 'ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
    }
    const stage = field(body, 'VersionStage');
    if (stage !== undefined && stage !== 'AWSCURRENT') {
      throw new ServiceError(
        400,
        'ResourceNotFoundException',
        "Secrets Manager can't find the specified secret value for staging label: " + String(stage),
      );
    }
    return {
      ARN: secretArn(name),
      Name: name,
      VersionId: createHash('sha256').update(`${name}|${options.secrets[name]}`).digest('hex').slice(0, 32),
      SecretString: options.secrets[name],
      VersionStages: ['AWSCURRENT'],
      CreatedDate: secretCreated,
    };
  }

  async function jsonRpcApi(req: IncomingMessage, res: ServerResponse, target: string) {
    const operations: Record<string, (body: unknown) => unknown> = {
      'AWSEvents.PutEvents': putEvents,
      'secretsmanager.GetSecretValue': getSecretValue,
    };
    try {
      const operation = operations[target];
      if (!operation || req.method !== 'POST') {
        throw new ServiceError(400, 'UnknownOperationException', `The local stand-in has no operation ${target}.`);
      }
      const answer = operation(parseJson(await readBody(req)));
      send(res, 200, answer, { 'Content-Type': 'application/x-amz-json-1.1' });
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      sendJsonRpcError(res, error);
    }
  }

  // --- SES v2 SendEmail (restJson1) ------------------------------------------------------------

  const sesFaults: SesFault[] = [];

  function sendEmail(body: unknown) {
    const fault = sesFaults.shift();
    if (fault) throw new ServiceError(SES_FAULT_STATUS[fault], fault, SES_FAULT_MESSAGES[fault]);
    if (!isObject(body)) throw sesBadRequest('The request body must be a JSON object.');
    const from = body.FromEmailAddress;
    if (typeof from !== 'string' || from === '')
      throw sesBadRequest('FromEmailAddress is required for Simple content.');
    const fromAddress = checkAddress(from);
    const verified = (options.sesIdentities ?? []).some(
      (identity) => identity.toLowerCase() === fromAddress || identity.toLowerCase() === fromAddress.split('@')[1],
    );
    if (!verified) {
      throw new ServiceError(
        400,
        'MessageRejected',
        `Email address is not verified. The following identities failed the check in region ${LOCAL_REGION.toUpperCase()}: ${fromAddress}`,
      );
    }
    const destination = isObject(body.Destination) ? body.Destination : {};
    const recipients = (['ToAddresses', 'CcAddresses', 'BccAddresses'] as const).flatMap((member) => {
      const list = destination[member];
      if (list === undefined) return [];
      if (!Array.isArray(list)) throw sesBadRequest(`Destination.${member} must be a list of addresses.`);
      return list.map((address) => checkAddress(address));
    });
    if (recipients.length === 0) throw sesBadRequest('Destination must name at least one recipient.');
    if (recipients.length > 50) throw sesBadRequest('Recipient count exceeds 50.');

    const content = isObject(body.Content) ? body.Content : {};
    const kinds = ['Simple', 'Raw', 'Template'].filter((kind) => content[kind] !== undefined);
    if (kinds.length !== 1) throw sesBadRequest('Content must have exactly one of Simple, Raw or Template.');
    if (!isObject(content.Simple)) throw sesBadRequest('The local stand-in sends Simple content only.');
    const subject = textOf(content.Simple.Subject);
    if (subject === null || subject === '')
      throw sesConstraint('content.simple.subject.data', 'Member must not be null');
    const simpleBody = isObject(content.Simple.Body) ? content.Simple.Body : {};
    const text = textOf(simpleBody.Text);
    const html = textOf(simpleBody.Html);
    if (!text && !html) throw sesBadRequest('Body must contain Text or Html data.');
    const tags = body.EmailTags;
    if (tags !== undefined) {
      if (!Array.isArray(tags)) throw sesBadRequest('EmailTags must be a list.');
      for (const tag of tags) {
        for (const member of ['Name', 'Value'] as const) {
          const value = field(tag, member);
          if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,256}$/.test(value)) {
            throw sesBadRequest(
              `Tag ${member.toLowerCase()} must contain only letters, digits, '_' and '-' (1 to 256).`,
            );
          }
        }
      }
    }

    const messageId = `0100${randomUUID().replace(/-/g, '').slice(0, 12)}-${randomUUID()}-000000`;
    const readable =
      text ||
      (html ?? '')
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    const links = [
      ...new Set([
        ...(text?.match(/https?:\/\/[^\s"'<>]+/g) ?? []),
        ...[...(html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? ''),
      ]),
    ].filter(Boolean);
    for (const to of recipients) options.outbox?.add({ channel: 'email', to, subject, body: readable, links });
    log(`ses: message ${messageId} sent to ${recipients.length} recipient(s)`);
    return { MessageId: messageId };
  }

  async function sesApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    try {
      const body = await readBody(req);
      if (req.method === 'POST' && url.pathname === '/v2/email/outbound-emails') {
        return send(res, 200, sendEmail(parseJson(body)));
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
    if (route === 'GET /local/dead-letters') return send(res, 200, { deadLetters: state.deadLetters });
    if (route === 'GET /local/events') return send(res, 200, { events });
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
      sesFaults.push(...list);
      return send(res, 200, { queued: sesFaults.length });
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
  const tickMs = options.tickMs ?? 1000;
  if (tickMs > 0) {
    timers.push(
      setInterval(() => {
        fireDue().catch((error: unknown) =>
          log(`scheduler runner error (${error instanceof Error ? error.name : 'Unknown'})`),
        );
      }, tickMs),
    );
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
    deadLetters: () => [...state.deadLetters],
    recentEvents: () => events.map((e) => ({ ...e, deliveries: e.deliveries.map((d) => ({ ...d })) })),
    async settled() {
      while (work.size > 0) await Promise.allSettled([...work]);
    },
    async stop() {
      if (persistTimer) clearTimeout(persistTimer);
      if (!stopped) writeState();
      stopped = true;
      timers.forEach(clearInterval);
      wakeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
