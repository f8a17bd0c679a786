import { createHash } from 'node:crypto';
import { CreateScheduleCommand, DeleteScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import type { CallScheduler, Clock } from '../../application/ports';
import type { ScheduledCallPayload } from '../../jobs';
import type { SchedulerEnv } from '../../platform/env';

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

export const callScheduleName = (callLogId: string) => `call-${callLogId}`;

/** `at(yyyy-mm-ddThh:mm:ss)`, evaluated in UTC; sub-second precision is dropped. */
export const atExpression = (at: Date) => `at(${at.toISOString().slice(0, 19)})`;

const isAwsError = (error: unknown, name: string) => error instanceof Error && error.name === name;

/** One one-time EventBridge Scheduler schedule per scheduled call, deleted after it fires. */
export class EventBridgeCallScheduler implements CallScheduler {
  constructor(
    private readonly client: SchedulerClient,
    private readonly config: CallScheduleConfig,
    private readonly clock: Clock = { now: () => new Date() },
  ) {}

  async schedule(callLogId: string, at: Date): Promise<void> {
    const earliest = this.clock.now().getTime() + MIN_LEAD_MS;
    const expression = atExpression(at.getTime() < earliest ? new Date(earliest) : at);
    const name = callScheduleName(callLogId);
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
      if (isAwsError(error, 'ConflictException')) return;
      throw error;
    }
  }

  async cancel(callLogId: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteScheduleCommand({ Name: callScheduleName(callLogId), GroupName: this.config.groupName }),
      );
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
