import { createHash } from 'node:crypto';
import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ListSchedulesCommand,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import type { CallScheduler } from '../../calls/ports';
import type { Clock } from '../../kernel/ports';
import type { ScheduledCallPayload } from '../../jobs';
import type { SchedulerEnv } from '../../kernel/env';

/** What every call schedule shares: where it lives, what it invokes, where failures go. */
export interface CallScheduleConfig {
  readonly groupName: string;
  readonly targetArn: string;
  readonly roleArn: string;
  readonly deadLetterArn: string;
}

/** Retries before the payload goes to the dead-letter queue (the target is idempotent). */
export const CALL_SCHEDULE_RETRY_POLICY = { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 } as const;

/**
 * The earliest a call may be scheduled. Scheduler fires with one-minute precision and a one-time
 * schedule whose time has already passed is not something to rely on, so anything sooner (a time in
 * the past included) is moved to one minute from now.
 */
const MIN_LEAD_MS = 60_000;

/**
 * Schedule names: `call-<callLogId>-<yyyymmddhhmm>`, the minute (UTC) the schedule fires.
 *
 * One name per call and minute, not per call: a call moved to a later time while its own schedule
 * is firing (placeScheduledCall deferring a call outside the calling window) gets a schedule of its
 * own, instead of meeting the firing one, which EventBridge deletes only after it completes.
 *
 * Scheduler names are at most 64 characters of `[0-9a-zA-Z-_.]`: `call-` (5) + id + `-` (1) +
 * minute (12) leaves 46 for the id. Call log ids are uuids (36) or 32 hex characters, so the longest
 * name is 54 characters; anything else is refused here, before it reaches the service.
 */
const SCHEDULE_NAME_MAX = 64;
const NAME_PREFIX = 'call-';
const MINUTE_DIGITS = 12;
export const MAX_CALL_LOG_ID_LENGTH = SCHEDULE_NAME_MAX - NAME_PREFIX.length - 1 - MINUTE_DIGITS;
const CALL_LOG_ID_PATTERN = /^[0-9a-zA-Z-_.]+$/;

function checkCallLogId(callLogId: string): string {
  if (callLogId.length > MAX_CALL_LOG_ID_LENGTH || !CALL_LOG_ID_PATTERN.test(callLogId)) {
    throw new RangeError(
      `A call log id must be 1 to ${MAX_CALL_LOG_ID_LENGTH} characters of [0-9a-zA-Z-_.] to name its schedule`,
    );
  }
  return callLogId;
}

/** What every schedule of the call starts with (ListSchedules' NamePrefix when cancelling). */
export const callSchedulePrefix = (callLogId: string) => `${NAME_PREFIX}${checkCallLogId(callLogId)}-`;

/** `yyyymmddhhmm` of `at`, in UTC. */
const minuteStamp = (at: Date) => at.toISOString().slice(0, 16).replace(/\D/g, '');

/** The schedule that fires the call at `at` (to the minute, UTC). */
export const callScheduleName = (callLogId: string, at: Date) => `${callSchedulePrefix(callLogId)}${minuteStamp(at)}`;

/** The one name per call used before names carried the minute; still deleted when cancelling. */
export const legacyCallScheduleName = (callLogId: string) => `${NAME_PREFIX}${checkCallLogId(callLogId)}`;

/** Whether a schedule name is one of the call's (not another call whose id merely starts the same). */
const isScheduleOf = (callLogId: string, name: string) => {
  const prefix = callSchedulePrefix(callLogId);
  return name.startsWith(prefix) && new RegExp(`^\\d{${MINUTE_DIGITS}}$`).test(name.slice(prefix.length));
};

/** `at(yyyy-mm-ddThh:mm:ss)`, evaluated in UTC; sub-second precision is dropped. */
export const atExpression = (at: Date) => `at(${at.toISOString().slice(0, 19)})`;

const isAwsError = (error: unknown, name: string) => error instanceof Error && error.name === name;

/**
 * One-time EventBridge Scheduler schedules, each deleted after it fires. A call has one schedule
 * per time it was scheduled for; one that fires for a time the call no longer has is skipped by
 * placeScheduledCall (it checks the call log), so the call log, not the schedules, is the truth.
 */
export class EventBridgeCallScheduler implements CallScheduler {
  constructor(
    private readonly client: SchedulerClient,
    private readonly config: CallScheduleConfig,
    private readonly clock: Clock = { now: () => new Date() },
  ) {}

  async schedule(callLogId: string, at: Date): Promise<void> {
    const earliest = this.clock.now().getTime() + MIN_LEAD_MS;
    const firesAt = at.getTime() < earliest ? new Date(earliest) : at;
    const expression = atExpression(firesAt);
    const name = callScheduleName(callLogId, firesAt);
    const payload: ScheduledCallPayload = { callLogId };
    try {
      await this.client.send(
        new CreateScheduleCommand({
          Name: name,
          GroupName: this.config.groupName,
          ScheduleExpression: expression,
          ScheduleExpressionTimezone: 'UTC',
          FlexibleTimeWindow: { Mode: 'OFF' },
          ActionAfterCompletion: 'DELETE',
          Target: {
            Arn: this.config.targetArn,
            RoleArn: this.config.roleArn,
            Input: JSON.stringify(payload),
            RetryPolicy: { ...CALL_SCHEDULE_RETRY_POLICY },
            DeadLetterConfig: { Arn: this.config.deadLetterArn },
          },
          // The same request retried is one schedule; a later schedule for the same call (after a
          // cancel) is a different request, so the time is part of the token.
          ClientToken: createHash('sha256').update(`${name}|${expression}`).digest('hex'),
        }),
      );
    } catch (error) {
      // The call already has a schedule firing in that minute.
      if (isAwsError(error, 'ConflictException')) return;
      throw error;
    }
  }

  /**
   * Deletes every schedule of the call: those ListSchedules finds by name prefix, and the legacy
   * `call-<callLogId>`. ListSchedules may not show a schedule created a moment ago; one left behind
   * fires, finds the call no longer scheduled and deletes itself.
   */
  async cancel(callLogId: string): Promise<void> {
    const names = [...(await this.listScheduleNames(callLogId)), legacyCallScheduleName(callLogId)];
    for (const name of names) await this.deleteSchedule(name);
  }

  /** All pages first, then the deletes: deleting while paging could move the pages. */
  private async listScheduleNames(callLogId: string): Promise<string[]> {
    const names: string[] = [];
    let nextToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListSchedulesCommand({
          GroupName: this.config.groupName,
          NamePrefix: callSchedulePrefix(callLogId),
          MaxResults: 100,
          ...(nextToken ? { NextToken: nextToken } : {}),
        }),
      );
      for (const schedule of page.Schedules ?? []) {
        const name = schedule.Name;
        if (name && (schedule.GroupName ?? this.config.groupName) === this.config.groupName) {
          if (isScheduleOf(callLogId, name) && !names.includes(name)) names.push(name);
        }
      }
      nextToken = page.NextToken || undefined;
    } while (nextToken);
    return names;
  }

  private async deleteSchedule(name: string): Promise<void> {
    try {
      await this.client.send(new DeleteScheduleCommand({ Name: name, GroupName: this.config.groupName }));
    } catch (error) {
      if (isAwsError(error, 'ResourceNotFoundException')) return;
      throw error;
    }
  }
}

export function createCallScheduler(env: SchedulerEnv, clock?: Clock): EventBridgeCallScheduler {
  const client = new SchedulerClient({
    region: env.region,
    ...(env.schedulerEndpoint ? { endpoint: env.schedulerEndpoint } : {}),
  });
  return new EventBridgeCallScheduler(
    client,
    {
      groupName: env.groupName,
      targetArn: env.targetArn,
      roleArn: env.roleArn,
      deadLetterArn: env.deadLetterArn,
    },
    clock,
  );
}
