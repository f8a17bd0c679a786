import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBridgeCallScheduler } from './eventbridge-call-scheduler';

const NOW = new Date('2026-03-10T09:00:00.000Z');
const config = {
  groupName: 'careloop-prod-calls',
  targetArn: 'arn:aws:lambda:us-east-1:123456789012:function:careloop-prod-place-scheduled-call',
  roleArn: 'arn:aws:iam::123456789012:role/careloop-prod-scheduler',
  deadLetterArn: 'arn:aws:sqs:us-east-1:123456789012:careloop-prod-call-schedules-dlq',
};
const scheduler = mockClient(SchedulerClient);
const adapter = () => new EventBridgeCallScheduler(new SchedulerClient({}), config, { now: () => NOW });
const createInputs = () => scheduler.commandCalls(CreateScheduleCommand).map((c) => c.args[0].input);

afterEach(() => scheduler.reset());

describe('EventBridgeCallScheduler.schedule', () => {
  it('creates one one-time UTC schedule that invokes the call-placing function with the call log id', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });

    await adapter().schedule('c0ffee00-0000-4000-8000-000000000001', new Date('2026-03-12T14:30:45.678Z'));

    const [input, ...others] = createInputs();
    expect(others).toHaveLength(0);
    expect(input).toEqual({
      Name: 'call-c0ffee00-0000-4000-8000-000000000001',
      GroupName: 'careloop-prod-calls',
      ScheduleExpression: 'at(2026-03-12T14:30:45)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: config.targetArn,
        RoleArn: config.roleArn,
        Input: '{"callLogId":"c0ffee00-0000-4000-8000-000000000001"}',
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: config.deadLetterArn },
      },
      ClientToken: expect.stringMatching(/^[a-f0-9]{64}$/) as unknown,
    });
  });

  it('sends the same client token for the same request, and a new one for a new time', async () => {
    scheduler.on(CreateScheduleCommand).resolves({});
    const at = new Date('2026-03-12T14:30:00Z');

    await adapter().schedule('call-1', at);
    await adapter().schedule('call-1', at);
    await adapter().schedule('call-1', new Date('2026-03-13T14:30:00Z'));

    const [first, retry, later] = createInputs().map((i) => i.ClientToken);
    expect(retry).toBe(first);
    expect(later).not.toBe(first);
  });

  it('moves a time in the past, or less than a minute away, to one minute from now', async () => {
    scheduler.on(CreateScheduleCommand).resolves({});

    await adapter().schedule('past', new Date('2026-03-01T00:00:00Z'));
    await adapter().schedule('soon', new Date(NOW.getTime() + 20_000));

    expect(createInputs().map((i) => i.ScheduleExpression)).toEqual([
      'at(2026-03-10T09:01:00)',
      'at(2026-03-10T09:01:00)',
    ]);
  });

  it('counts an existing schedule for the call as done (ConflictException)', async () => {
    scheduler.on(CreateScheduleCommand).rejects(
      new ConflictException({
        message: 'Schedule call-1 already exists.',
        Message: 'Schedule call-1 already exists.',
        $metadata: {},
      }),
    );

    await expect(adapter().schedule('1', new Date('2026-03-12T14:30:00Z'))).resolves.toBeUndefined();
  });

  it('lets any other failure reach the caller', async () => {
    scheduler.on(CreateScheduleCommand).rejects(
      new ValidationException({
        message: 'Invalid Schedule Expression',
        Message: 'Invalid Schedule Expression',
        $metadata: {},
      }),
    );

    await expect(adapter().schedule('1', new Date('2026-03-12T14:30:00Z'))).rejects.toThrow(
      'Invalid Schedule Expression',
    );
  });
});

describe('EventBridgeCallScheduler.cancel', () => {
  it('deletes the call’s schedule in the calls group', async () => {
    scheduler.on(DeleteScheduleCommand).resolves({});

    await adapter().cancel('call-log-7');

    expect(scheduler.commandCalls(DeleteScheduleCommand).map((c) => c.args[0].input)).toEqual([
      { Name: 'call-call-log-7', GroupName: 'careloop-prod-calls' },
    ]);
  });

  it('counts a schedule that no longer exists as cancelled (ResourceNotFoundException)', async () => {
    scheduler.on(DeleteScheduleCommand).rejects(
      new ResourceNotFoundException({
        message: 'Schedule call-x does not exist.',
        Message: 'Schedule call-x does not exist.',
        $metadata: {},
      }),
    );

    await expect(adapter().cancel('x')).resolves.toBeUndefined();
  });

  it('lets any other failure reach the caller', async () => {
    scheduler.on(DeleteScheduleCommand).rejects(new Error('throttled'));

    await expect(adapter().cancel('x')).rejects.toThrow('throttled');
  });
});
