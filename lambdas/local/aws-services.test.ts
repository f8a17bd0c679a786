import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ListSchedulesCommand,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { describe, expect, it, vi } from 'vitest';
import {
  environment,
  invoke,
  sdkOptions,
  services,
  start,
  useLocalAwsServices,
} from '../../test/support/local-aws-services';
import { callScheduleName, createCallScheduler } from '../vendors/scheduler/eventbridge-call-scheduler';
import type { JobName } from '../jobs';
import { readSchedulerEnv } from '../kernel/env';
import {
  jobForFunctionArn,
  LOCAL_SCHEDULE_DLQ_ARN,
  LOCAL_SCHEDULE_GROUP,
  LOCAL_SCHEDULER_ROLE_ARN,
} from './aws-services';
import { localFunctionArn } from './lambda-context';

const DAY = 24 * 60 * 60_000;

/**
 * A schedule whose target is the placer's function: Lambda's asynchronous invocation (retries, the
 * function's dead letters). Call schedules send to the queue of due calls (aws-services.sqs.test.ts).
 */
const functionTargetEnv = () =>
  readSchedulerEnv({ ...environment(), SCHEDULE_TARGET_ARN: localFunctionArn('place-scheduled-call') });
const callScheduler = () => createCallScheduler(functionTargetEnv());
const jobCalls = (job: JobName) => invoke.mock.calls.filter(([name]) => name === job).map(([, event]) => event);

useLocalAwsServices();

describe('local EventBridge Scheduler, through EventBridgeCallScheduler', () => {
  it('creates a call schedule, lists it, treats a duplicate as done, fires it once at its time and deletes it', async () => {
    await start();
    const at = new Date(Math.ceil((Date.now() + DAY) / 1000) * 1000);
    const name = callScheduleName('call-log-1', at);

    await callScheduler().schedule('call-log-1', at);
    await callScheduler().schedule('call-log-1', at);

    expect(services.pendingSchedules()).toEqual([
      {
        name,
        groupName: LOCAL_SCHEDULE_GROUP,
        dueAt: at.toISOString(),
        state: 'ENABLED',
        job: 'place-scheduled-call',
        input: '{"callLogId":"call-log-1"}',
        expired: false,
      },
    ]);
    const described = await new SchedulerClient(sdkOptions()).send(
      new GetScheduleCommand({ Name: name, GroupName: LOCAL_SCHEDULE_GROUP }),
    );
    expect(described).toMatchObject({
      Name: name,
      ScheduleExpressionTimezone: 'UTC',
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: localFunctionArn('place-scheduled-call'),
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: LOCAL_SCHEDULE_DLQ_ARN },
      },
    });
    expect(described.CreationDate).toBeInstanceOf(Date);

    expect(await services.fireDue(new Date(at.getTime() - 60_000))).toEqual([]);
    expect(invoke).not.toHaveBeenCalled();

    const fired = await services.fireDue(new Date(at.getTime() + 60_000));
    await services.fireDue(new Date(at.getTime() + 120_000));

    expect(fired).toEqual([{ name, groupName: LOCAL_SCHEDULE_GROUP, outcome: 'invoked', attempts: 1 }]);
    expect(invoke.mock.calls).toEqual([['place-scheduled-call', { callLogId: 'call-log-1' }]]);
    expect(services.pendingSchedules()).toEqual([]);
    await expect(
      new SchedulerClient(sdkOptions()).send(new GetScheduleCommand({ Name: name, GroupName: LOCAL_SCHEDULE_GROUP })),
    ).rejects.toMatchObject({ name: 'ResourceNotFoundException', $metadata: { httpStatusCode: 404 } });
  });

  it('cancels a schedule, and treats cancelling a missing one as done', async () => {
    await start();
    await callScheduler().schedule('call-log-2', new Date(Date.now() + DAY));

    await callScheduler().cancel('call-log-2');
    await callScheduler().cancel('call-log-2');

    expect(services.pendingSchedules()).toEqual([]);
    expect(await services.fireDue(new Date(Date.now() + 2 * DAY))).toEqual([]);
  });

  it('retries a failing job as Lambda does (3 attempts), then dead-letters it (ids only) and deletes the schedule', async () => {
    await start();
    invoke.mockRejectedValue(new TypeError('vapi unreachable for +15551234567'));
    await callScheduler().schedule('call-log-3', new Date(Date.now() + DAY));

    const fired = await services.fireDue(new Date(Date.now() + 2 * DAY));

    expect(fired).toEqual([expect.objectContaining({ outcome: 'dead-lettered', attempts: 3 })]);
    expect(invoke).toHaveBeenCalledTimes(3);
    const answer = await fetch(`${services.url}/local/dead-letters`);
    const { deadLetters } = (await answer.json()) as { deadLetters: unknown[] };
    expect(deadLetters).toEqual([
      expect.objectContaining({
        trigger: 'schedule',
        destination: 'function',
        id: expect.stringMatching(/^call-call-log-3-\d{12}$/) as unknown,
        job: 'place-scheduled-call',
        attempts: 3,
        errorCode: 'TypeError',
        input: '{"callLogId":"call-log-3"}',
      }),
    ]);
    expect(JSON.stringify(deadLetters)).not.toContain('+1555');
    expect(services.pendingSchedules()).toEqual([]);
  });

  it('invokes a job that fails once again, and succeeds', async () => {
    await start();
    invoke.mockRejectedValueOnce(new Error('cold start'));
    await callScheduler().schedule('call-log-4', new Date(Date.now() + DAY));

    const fired = await services.fireDue(new Date(Date.now() + 2 * DAY));

    expect(fired).toEqual([expect.objectContaining({ outcome: 'invoked', attempts: 2 })]);
    expect(services.deadLetters()).toEqual([]);
  });

  it('dead-letters to the schedule’s DLQ, without retrying, a target that names no job', async () => {
    await start();
    await new SchedulerClient(sdkOptions()).send(
      new CreateScheduleCommand({
        Name: 'call-nowhere',
        GroupName: LOCAL_SCHEDULE_GROUP,
        ScheduleExpression: 'at(2099-01-01T00:00:00)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: {
          Arn: 'arn:aws:lambda:us-east-1:000000000000:function:careloop-local-no-such-job',
          RoleArn: LOCAL_SCHEDULER_ROLE_ARN,
          DeadLetterConfig: { Arn: LOCAL_SCHEDULE_DLQ_ARN },
        },
      }),
    );

    const fired = await services.fireDue(new Date('2099-01-01T00:01:00Z'));

    expect(fired).toEqual([expect.objectContaining({ outcome: 'dead-lettered', attempts: 1 })]);
    expect(invoke).not.toHaveBeenCalled();
    expect(services.deadLetters()).toEqual([
      expect.objectContaining({
        destination: 'trigger',
        deadLetterArn: LOCAL_SCHEDULE_DLQ_ARN,
        errorCode: 'ResourceNotFoundException',
      }),
    ]);
  });

  it('keeps a firing schedule until its invocation settles, so its name is still taken meanwhile', async () => {
    await start();
    const at = new Date(Date.now() + DAY);
    await callScheduler().schedule('call-log-8', at);
    const seenDuringRun: string[] = [];
    invoke.mockImplementation(async () => {
      const existing = await new SchedulerClient(sdkOptions()).send(
        new GetScheduleCommand({ Name: callScheduleName('call-log-8', at), GroupName: LOCAL_SCHEDULE_GROUP }),
      );
      seenDuringRun.push(existing.Name ?? '');
    });

    await services.fireDue(new Date(at.getTime() + 60_000));

    expect(seenDuringRun).toEqual([callScheduleName('call-log-8', at)]);
    expect(services.pendingSchedules()).toEqual([]);
  });

  it('gives a call moved to a later time a second schedule; fires each at its own time; cancels both', async () => {
    await start();
    const at = new Date(Math.ceil((Date.now() + DAY) / 60_000) * 60_000);
    const later = new Date(at.getTime() + 2 * 60 * 60_000);

    await callScheduler().schedule('call-log-9', at);
    await callScheduler().schedule('call-log-9', later);

    expect(services.pendingSchedules().map((s) => [s.name, s.dueAt, s.input])).toEqual([
      [callScheduleName('call-log-9', at), at.toISOString(), '{"callLogId":"call-log-9"}'],
      [callScheduleName('call-log-9', later), later.toISOString(), '{"callLogId":"call-log-9"}'],
    ]);

    const fired = await services.fireDue(new Date(at.getTime() + 60_000));

    expect(fired).toEqual([expect.objectContaining({ name: callScheduleName('call-log-9', at), outcome: 'invoked' })]);
    expect(invoke.mock.calls).toEqual([['place-scheduled-call', { callLogId: 'call-log-9' }]]);
    expect(services.pendingSchedules().map((s) => s.name)).toEqual([callScheduleName('call-log-9', later)]);

    await callScheduler().schedule('call-log-9', new Date(later.getTime() + DAY));
    await callScheduler().cancel('call-log-9');

    expect(services.pendingSchedules()).toEqual([]);
    expect(await services.fireDue(new Date(later.getTime() + 3 * DAY))).toEqual([]);
    expect(invoke).toHaveBeenCalledTimes(1);
  });

  it('lets the job defer its call while the call’s schedule is firing, and fires the deferred one later', async () => {
    await start();
    const at = new Date(Math.ceil((Date.now() + DAY) / 60_000) * 60_000);
    const deferredTo = new Date(at.getTime() + 11 * 60 * 60_000);
    // As placeScheduledCall does outside the calling window: the call moves to the window's start.
    invoke.mockImplementationOnce(async (_job, event) => {
      await createCallScheduler(functionTargetEnv(), { now: () => at }).schedule(
        (event as { callLogId: string }).callLogId,
        deferredTo,
      );
    });
    await callScheduler().schedule('call-log-10', at);

    const first = await services.fireDue(new Date(at.getTime() + 30_000));

    expect(first).toEqual([expect.objectContaining({ outcome: 'invoked', attempts: 1 })]);
    expect(services.pendingSchedules().map((s) => [s.name, s.dueAt])).toEqual([
      [callScheduleName('call-log-10', deferredTo), deferredTo.toISOString()],
    ]);

    const second = await services.fireDue(new Date(deferredTo.getTime() + 30_000));

    expect(second).toEqual([
      expect.objectContaining({ name: callScheduleName('call-log-10', deferredTo), outcome: 'invoked' }),
    ]);
    expect(invoke.mock.calls).toEqual([
      ['place-scheduled-call', { callLogId: 'call-log-10' }],
      ['place-scheduled-call', { callLogId: 'call-log-10' }],
    ]);
    expect(services.pendingSchedules()).toEqual([]);
  });

  it('cancels a schedule made before names carried the minute (call-<id>), and leaves other calls’ alone', async () => {
    await start();
    const client = new SchedulerClient(sdkOptions());
    await client.send(
      new CreateScheduleCommand({
        Name: 'call-call-log-11',
        GroupName: LOCAL_SCHEDULE_GROUP,
        ScheduleExpression: 'at(2099-01-01T00:00:00)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: { Arn: localFunctionArn('place-scheduled-call'), RoleArn: LOCAL_SCHEDULER_ROLE_ARN },
      }),
    );
    await callScheduler().schedule('call-log-11', new Date(Date.now() + DAY));
    await callScheduler().schedule('call-log-110', new Date(Date.now() + DAY));
    await callScheduler().schedule('call-log-11-2', new Date(Date.now() + DAY));

    await callScheduler().cancel('call-log-11');

    expect(services.pendingSchedules().map((s) => s.name.replace(/-\d{12}$/, '-<minute>'))).toEqual([
      'call-call-log-110-<minute>',
      'call-call-log-11-2-<minute>',
    ]);
  });

  it('lists schedules as ListSchedules does: group, name prefix, state, pages that deletes do not move', async () => {
    await start();
    const client = new SchedulerClient(sdkOptions());
    const base = Math.ceil((Date.now() + DAY) / 60_000) * 60_000;
    for (let i = 0; i < 5; i++) await callScheduler().schedule('call-log-12', new Date(base + i * 60_000));
    await callScheduler().schedule('call-log-13', new Date(base));

    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await client.send(
        new ListSchedulesCommand({
          GroupName: LOCAL_SCHEDULE_GROUP,
          NamePrefix: 'call-call-log-12-',
          MaxResults: 2,
          NextToken: token,
        }),
      );
      pages++;
      for (const s of page.Schedules ?? []) {
        seen.push(s.Name ?? '');
        expect(s).toMatchObject({ GroupName: LOCAL_SCHEDULE_GROUP, State: 'ENABLED' });
        expect(s.Target?.Arn).toBe(localFunctionArn('place-scheduled-call'));
        // Deleting what was listed must not make the next page skip any.
        await client.send(new DeleteScheduleCommand({ Name: s.Name, GroupName: LOCAL_SCHEDULE_GROUP }));
      }
      token = page.NextToken;
    } while (token);

    expect(pages).toBe(3);
    expect(seen).toEqual([0, 1, 2, 3, 4].map((i) => callScheduleName('call-log-12', new Date(base + i * 60_000))));
    expect(services.pendingSchedules().map((s) => s.name)).toEqual([callScheduleName('call-log-13', new Date(base))]);

    const disabled = await client.send(
      new ListSchedulesCommand({ GroupName: LOCAL_SCHEDULE_GROUP, State: 'DISABLED' }),
    );
    const other = await client.send(new ListSchedulesCommand({ GroupName: 'default' }));
    const everywhere = await client.send(new ListSchedulesCommand({}));
    expect(disabled.Schedules).toEqual([]);
    expect(other.Schedules).toEqual([]);
    expect(everywhere.Schedules?.map((s) => s.Name)).toEqual([callScheduleName('call-log-13', new Date(base))]);

    const wire = await fetch(
      `${services.url}/schedules?ScheduleGroup=${LOCAL_SCHEDULE_GROUP}&NamePrefix=call-call-log-13-`,
    );
    expect(((await wire.json()) as { Schedules: { Name: string }[] }).Schedules.map((s) => s.Name)).toEqual([
      callScheduleName('call-log-13', new Date(base)),
    ]);

    await expect(client.send(new ListSchedulesCommand({ MaxResults: 101 }))).rejects.toMatchObject({
      name: 'ValidationException',
    });
    await expect(client.send(new ListSchedulesCommand({ NamePrefix: 'call:1' }))).rejects.toMatchObject({
      name: 'ValidationException',
    });
    await expect(client.send(new ListSchedulesCommand({ NextToken: 'not-a-token' }))).rejects.toMatchObject({
      name: 'ValidationException',
    });
    await expect(client.send(new ListSchedulesCommand({ GroupName: 'no-such-group' }))).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      $metadata: { httpStatusCode: 404 },
    });
  });

  it('keeps schedules across a restart', async () => {
    await start();
    const at = new Date(Date.now() + DAY);
    await callScheduler().schedule('call-log-5', at);
    await services.stop();

    await start();

    expect(services.pendingSchedules().map((s) => s.name)).toEqual([callScheduleName('call-log-5', at)]);
  });

  it('enforces the service rules: name, expression, group and duplicates', async () => {
    await start();
    const client = new SchedulerClient(sdkOptions());
    const create = (overrides: Record<string, unknown>) =>
      client.send(
        new CreateScheduleCommand({
          Name: 'call-rules',
          GroupName: LOCAL_SCHEDULE_GROUP,
          ScheduleExpression: 'at(2099-01-01T00:00:00)',
          FlexibleTimeWindow: { Mode: 'OFF' },
          Target: { Arn: localFunctionArn('place-scheduled-call'), RoleArn: LOCAL_SCHEDULER_ROLE_ARN },
          ...overrides,
        }),
      );

    await expect(create({ Name: 'c'.repeat(65) })).rejects.toMatchObject({ name: 'ValidationException' });
    await expect(create({ Name: 'call:1' })).rejects.toMatchObject({ name: 'ValidationException' });
    await expect(create({ ScheduleExpression: 'at(2099-13-01T00:00:00)' })).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'Invalid Schedule Expression at(2099-13-01T00:00:00).',
    });
    await expect(create({ ScheduleExpression: 'at(2099-01-01 00:00)' })).rejects.toMatchObject({
      name: 'ValidationException',
    });
    await expect(create({ GroupName: 'no-such-group' })).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Schedule group no-such-group does not exist.',
    });
    await expect(create({ Target: { Arn: 'x', RoleArn: 'not-a-role' } })).rejects.toMatchObject({
      name: 'ValidationException',
    });
    await expect(create({})).resolves.toMatchObject({ ScheduleArn: expect.stringContaining('/call-rules') as unknown });
    await expect(create({})).rejects.toMatchObject({
      name: 'ConflictException',
      message: 'Schedule call-rules already exists.',
      $metadata: { httpStatusCode: 409 },
    });
    const listed = await client.send(new ListSchedulesCommand({ GroupName: LOCAL_SCHEDULE_GROUP }));
    expect(listed.Schedules?.map((s) => s.Name)).toEqual(['call-rules']);
  });

  it('never fires a schedule created for a time already past', async () => {
    await start();
    await new SchedulerClient(sdkOptions()).send(
      new CreateScheduleCommand({
        Name: 'call-late',
        GroupName: LOCAL_SCHEDULE_GROUP,
        ScheduleExpression: 'at(2020-01-01T00:00:00)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { Arn: localFunctionArn('place-scheduled-call'), RoleArn: LOCAL_SCHEDULER_ROLE_ARN },
      }),
    );

    expect(await services.fireDue()).toEqual([]);
    expect(services.pendingSchedules()).toEqual([expect.objectContaining({ name: 'call-late', expired: true })]);
  });

  it('answers the test hooks: list, run due schedules at a given time, run a job now', async () => {
    await start();
    const at = new Date(Date.now() + DAY);
    await callScheduler().schedule('call-log-6', at);

    const listed = (await (await fetch(`${services.url}/local/schedules`)).json()) as { schedules: unknown[] };
    const ran = await fetch(
      `${services.url}/local/schedules/run-due?at=${encodeURIComponent(new Date(at.getTime() + 60_000).toISOString())}`,
      { method: 'POST' },
    );
    const job = await fetch(`${services.url}/local/jobs/reconcile-calls/run`, { method: 'POST' });
    const unknown = await fetch(`${services.url}/local/jobs/no-such-job/run`, { method: 'POST' });

    expect(listed.schedules).toEqual([expect.objectContaining({ name: callScheduleName('call-log-6', at) })]);
    expect(ran.status).toBe(200);
    expect(await ran.json()).toEqual({
      fired: [expect.objectContaining({ name: callScheduleName('call-log-6', at), outcome: 'invoked' })],
    });
    expect(job.status).toBe(200);
    expect(jobCalls('reconcile-calls')).toEqual([{}]);
    expect(unknown.status).toBe(404);
  });

  it('runs the rate jobs of the manifest on their interval', async () => {
    await start({ rateEveryMs: 20 });

    await vi.waitFor(() => expect(jobCalls('reconcile-calls').length).toBeGreaterThanOrEqual(2));

    expect(jobCalls('reconcile-calls')[0]).toEqual({});
  });
});

describe('jobForFunctionArn', () => {
  it('maps a local function ARN to its job, and anything else to none', () => {
    expect(jobForFunctionArn(localFunctionArn('place-scheduled-call'))).toBe('place-scheduled-call');
    expect(jobForFunctionArn(`${localFunctionArn('reconcile-calls')}:$LATEST`)).toBe('reconcile-calls');
    expect(jobForFunctionArn('arn:aws:lambda:us-east-1:000000000000:function:careloop-local-me')).toBeNull();
    expect(jobForFunctionArn('arn:aws:sqs:us-east-1:000000000000:queue')).toBeNull();
  });
});
