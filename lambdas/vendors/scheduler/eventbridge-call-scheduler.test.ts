import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ListSchedulesCommand,
  ResourceNotFoundException,
  SchedulerClient,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import {
  callScheduleName,
  callSchedulePrefix,
  EventBridgeCallScheduler,
  legacyCallScheduleName,
  MAX_CALL_LOG_ID_LENGTH,
} from './eventbridge-call-scheduler';

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
const listInputs = () => scheduler.commandCalls(ListSchedulesCommand).map((c) => c.args[0].input);
const deleteInputs = () => scheduler.commandCalls(DeleteScheduleCommand).map((c) => c.args[0].input);
const UUID = 'c0ffee00-0000-4000-8000-000000000001';
const HEX_ID = '0123456789abcdef0123456789abcdef';
const summary = (name: string) => ({
  Name: name,
  GroupName: config.groupName,
  Arn: `arn:aws:scheduler:us-east-1:123456789012:schedule/${config.groupName}/${name}`,
  Target: { Arn: config.targetArn },
});

afterEach(() => scheduler.reset());

describe('EventBridgeCallScheduler.schedule', () => {
  it('creates one one-time UTC schedule that invokes the call-placing function with the call log id', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });

    await adapter().schedule('c0ffee00-0000-4000-8000-000000000001', new Date('2026-03-12T14:30:45.678Z'));

    const [input, ...others] = createInputs();
    expect(others).toHaveLength(0);
    expect(input).toEqual({
      Name: 'call-c0ffee00-0000-4000-8000-000000000001-202603121430',
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

  it('names each schedule after the call and the minute it fires (UTC), after moving a time too soon', async () => {
    scheduler.on(CreateScheduleCommand).resolves({});

    await adapter().schedule(UUID, new Date('2026-03-12T14:30:59.999Z'));
    await adapter().schedule(HEX_ID, new Date('2026-12-31T23:59:00Z'));
    await adapter().schedule('past', new Date('2026-03-01T00:00:00Z'));
    await adapter().schedule('soon', new Date(NOW.getTime() + 20_000));

    expect(createInputs().map((i) => i.Name)).toEqual([
      `call-${UUID}-202603121430`,
      `call-${HEX_ID}-202612312359`,
      'call-past-202603100901',
      'call-soon-202603100901',
    ]);
  });

  it('gives a call moved to a later time a second schedule, whatever became of the first', async () => {
    scheduler.on(CreateScheduleCommand).resolves({});

    await adapter().schedule(UUID, new Date('2026-03-10T21:00:00Z'));
    await adapter().schedule(UUID, new Date('2026-03-11T08:00:00Z'));

    expect(createInputs().map((i) => i.Name)).toEqual([`call-${UUID}-202603102100`, `call-${UUID}-202603110800`]);
    expect(scheduler.commandCalls(DeleteScheduleCommand)).toHaveLength(0);
  });

  it('keeps every name within the 64 characters Scheduler allows, for uuid and hex ids', () => {
    const latest = new Date('9999-12-31T23:59:59Z');

    expect(callScheduleName(UUID, latest)).toHaveLength(54);
    expect(callScheduleName(HEX_ID, latest)).toHaveLength(50);
    expect(callScheduleName('x'.repeat(MAX_CALL_LOG_ID_LENGTH), latest)).toHaveLength(64);
    expect(callSchedulePrefix(UUID)).toBe(`call-${UUID}-`);
    expect(legacyCallScheduleName(UUID)).toBe(`call-${UUID}`);
  });

  it('refuses an id that cannot name a schedule, without calling Scheduler', async () => {
    await expect(adapter().schedule('x'.repeat(MAX_CALL_LOG_ID_LENGTH + 1), NOW)).rejects.toThrow(RangeError);
    await expect(adapter().schedule('call/1', NOW)).rejects.toThrow(RangeError);
    await expect(adapter().cancel('')).rejects.toThrow(RangeError);
    expect(scheduler.calls()).toHaveLength(0);
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
  it('lists the call’s schedules by name prefix in the calls group, deletes each, then the legacy name', async () => {
    scheduler.on(ListSchedulesCommand).resolves({
      Schedules: [summary(`call-${UUID}-202603102100`), summary(`call-${UUID}-202603110800`)],
    });
    scheduler.on(DeleteScheduleCommand).resolves({});

    await adapter().cancel(UUID);

    expect(listInputs()).toEqual([{ GroupName: config.groupName, NamePrefix: `call-${UUID}-`, MaxResults: 100 }]);
    expect(deleteInputs()).toEqual([
      { Name: `call-${UUID}-202603102100`, GroupName: config.groupName },
      { Name: `call-${UUID}-202603110800`, GroupName: config.groupName },
      { Name: `call-${UUID}`, GroupName: config.groupName },
    ]);
  });

  it('follows NextToken through every page before deleting', async () => {
    scheduler
      .on(ListSchedulesCommand, { NextToken: undefined })
      .resolves({ Schedules: [summary('call-7-202603102100')], NextToken: 'page-2' })
      .on(ListSchedulesCommand, { NextToken: 'page-2' })
      .resolves({ Schedules: [summary('call-7-202603110800')], NextToken: 'page-3' })
      .on(ListSchedulesCommand, { NextToken: 'page-3' })
      .resolves({ Schedules: [] });
    scheduler.on(DeleteScheduleCommand).resolves({});

    await adapter().cancel('7');

    expect(listInputs().map((i) => i.NextToken)).toEqual([undefined, 'page-2', 'page-3']);
    const calls = scheduler.calls().map((c) => (c.args[0] as { constructor: { name: string } }).constructor.name);
    expect(calls).toEqual([
      'ListSchedulesCommand',
      'ListSchedulesCommand',
      'ListSchedulesCommand',
      'DeleteScheduleCommand',
      'DeleteScheduleCommand',
      'DeleteScheduleCommand',
    ]);
    expect(deleteInputs().map((i) => i.Name)).toEqual(['call-7-202603102100', 'call-7-202603110800', 'call-7']);
  });

  it('leaves alone a listed schedule that is not one of the call’s', async () => {
    scheduler.on(ListSchedulesCommand).resolves({
      Schedules: [summary('call-7-202603102100'), summary('call-7-8-202603102100'), summary('call-7-rules')],
    });
    scheduler.on(DeleteScheduleCommand).resolves({});

    await adapter().cancel('7');

    expect(deleteInputs().map((i) => i.Name)).toEqual(['call-7-202603102100', 'call-7']);
  });

  it('deletes the legacy name when the call has no other schedule', async () => {
    scheduler.on(ListSchedulesCommand).resolves({ Schedules: [] });
    scheduler.on(DeleteScheduleCommand).resolves({});

    await adapter().cancel('call-log-7');

    expect(deleteInputs()).toEqual([{ Name: 'call-call-log-7', GroupName: 'careloop-prod-calls' }]);
  });

  it('counts a schedule that no longer exists as cancelled (ResourceNotFoundException)', async () => {
    scheduler.on(ListSchedulesCommand).resolves({ Schedules: [summary('call-x-202603102100')] });
    scheduler.on(DeleteScheduleCommand).rejects(
      new ResourceNotFoundException({
        message: 'Schedule call-x does not exist.',
        Message: 'Schedule call-x does not exist.',
        $metadata: {},
      }),
    );

    await expect(adapter().cancel('x')).resolves.toBeUndefined();
    expect(deleteInputs().map((i) => i.Name)).toEqual(['call-x-202603102100', 'call-x']);
  });

  it('lets any other failure reach the caller', async () => {
    scheduler.on(ListSchedulesCommand).resolves({ Schedules: [] });
    scheduler.on(DeleteScheduleCommand).rejects(new Error('throttled'));

    await expect(adapter().cancel('x')).rejects.toThrow('throttled');
  });

  it('lets a failure to list reach the caller, before deleting anything', async () => {
    scheduler.on(ListSchedulesCommand).rejects(new Error('throttled'));

    await expect(adapter().cancel('x')).rejects.toThrow('throttled');
    expect(scheduler.commandCalls(DeleteScheduleCommand)).toHaveLength(0);
  });
});
