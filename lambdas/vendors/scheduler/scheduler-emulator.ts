/**
 * EventBridge Scheduler, locally: CreateSchedule, GetSchedule, DeleteSchedule and ListSchedules
 * (group, name prefix, state, MaxResults and NextToken paging) with the service's rules (names,
 * expressions, limits, conflicts, missing resources), and the runner behind them that fires due
 * one-time schedules into their target, with the target Input as the event: the job a function ARN
 * names (invoked asynchronously), or an SQS queue (the Input as the message body).
 *
 * Where AWS leaves an order open, the stand-in takes the stricter one: a one-time schedule is
 * deleted (ActionAfterCompletion DELETE) only after its invocation settles, so a handler that
 * creates a schedule of the same name meets a ConflictException here, as it may in AWS.
 */
import type { JobName } from '../../jobs';
import { LAMBDA_ASYNC_ATTEMPTS, type AsyncInvoker, type DeadLetterSink } from '../aws/async-invoke';
import { ServiceError, constraint, field, isObject, validation } from '../aws/aws-protocol';

export interface PendingSchedule {
  name: string;
  groupName: string;
  /** When it fires (ISO 8601, UTC). */
  dueAt: string;
  state: string;
  /** The job the target ARN names (a function's, or the one a queue starts), or null when none (it will dead-letter). */
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

export interface StoredSchedule {
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

const NAME_PATTERN = /^[0-9a-zA-Z-_.]+$/;
const CLIENT_TOKEN_PATTERN = /^[a-zA-Z0-9-_]+$/;
const ROLE_ARN_PATTERN = /^arn:aws(-[a-z]+)?:iam::\d{12}:role\/[\w+=,.@/-]+$/;
const SQS_ARN_PATTERN = /^arn:aws(-[a-z]+)?:sqs:[a-z0-9-]+:\d{12}:[a-zA-Z0-9-_]+$/;
const AT_PATTERN = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/;

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

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

export interface SchedulerEmulatorOptions {
  region: string;
  account: string;
  /** The schedule groups that exist. */
  groups: readonly string[];
  /** The schedules kept from before a restart. */
  schedules: StoredSchedule[];
  /** Called on every change, so the schedules survive a restart. */
  persist: () => void;
  /** The job a target ARN names (a function's, or the one a queue starts), or null when it names none. */
  jobForFunctionArn: (arn: string) => JobName | null;
  /** SendMessage to the queue an SQS target ARN names; false when no queue has that ARN. */
  sendToQueue: (arn: string, body: string) => boolean;
  invoker: AsyncInvoker;
  deadLetter: DeadLetterSink;
  log: (line: string) => void;
}

export function createSchedulerEmulator(options: SchedulerEmulatorOptions) {
  const { invoker, deadLetter, jobForFunctionArn, sendToQueue, persist, log } = options;
  const groups = new Set(options.groups);
  const state = { schedules: options.schedules };
  const scheduleArn = (group: string, name: string) =>
    `arn:aws:scheduler:${options.region}:${options.account}:schedule/${group}/${name}`;

  const firing = new Map<StoredSchedule, Promise<FireOutcome>>();

  async function fire(schedule: StoredSchedule): Promise<FireOutcome> {
    const target = schedule.request.Target as Record<string, unknown>;
    const targetArn = String(target.Arn);
    const input = typeof target.Input === 'string' ? target.Input : undefined;
    const toQueue = SQS_ARN_PATTERN.test(targetArn);
    const job = jobForFunctionArn(targetArn);
    let event: unknown = {};
    let payloadIsJson = true;
    try {
      if (input !== undefined) event = JSON.parse(input) as unknown;
    } catch {
      payloadIsJson = false;
    }
    // What the target cannot recover from is not retried (a missing function or queue, a payload
    // Lambda refuses, an empty message SQS refuses). A message sent is delivered: the queue's own
    // event source retries the job, not the schedule.
    const result: { ok: boolean; attempts: number; errorCode?: string } = toQueue
      ? input === undefined || input === ''
        ? { ok: false, attempts: 1, errorCode: 'InvalidParameterValue' }
        : sendToQueue(targetArn, input)
          ? { ok: true, attempts: 1 }
          : { ok: false, attempts: 1, errorCode: 'AWS.SimpleQueueService.NonExistentQueue' }
      : !job
        ? { ok: false, attempts: 1, errorCode: 'ResourceNotFoundException' }
        : !payloadIsJson
          ? { ok: false, attempts: 1, errorCode: 'InvalidRequestContentException' }
          : await invoker.invokeWithRetries(job, event, LAMBDA_ASYNC_ATTEMPTS);
    if (invoker.isStopped()) {
      return { name: schedule.name, groupName: schedule.groupName, outcome: 'interrupted', attempts: result.attempts };
    }
    if (result.ok) {
      log(`schedule ${schedule.groupName}/${schedule.name} ${toQueue ? 'sent to' : 'invoked'} ${job ?? targetArn}`);
    } else {
      const dlq = field(target.DeadLetterConfig, 'Arn');
      const invoked = !toQueue && job !== null && payloadIsJson;
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
          run = invoker.track(fire(s)).finally(() => firing.delete(s));
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

  return {
    createSchedule,
    getSchedule,
    deleteSchedule,
    listSchedules,
    fireDue,
    pendingSchedules,
    /** Every schedule kept (fired ones too, with ActionAfterCompletion NONE), as stored. */
    stored: () => state.schedules,
  };
}
