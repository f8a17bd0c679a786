import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import {
  dataDir,
  environment,
  invoke,
  sdkOptions,
  services,
  startWith,
  useLocalAwsServices,
  VAPI_SECRET,
} from '../../test/support/local-aws-services';
import { createSqsCallQueue } from '../vendors/sqs/sqs-call-queue';
import { createCallScheduler } from '../vendors/scheduler/eventbridge-call-scheduler';
import { readCallQueueEnv, readSchedulerEnv } from '../kernel/env';
import { LOCAL_CALL_QUEUE_ARN, LOCAL_SCHEDULE_DLQ_ARN } from './aws-services';

useLocalAwsServices();

const VISIBILITY_SECONDS = 60;
const start = () =>
  startWith({
    port: 0,
    dataDir,
    secrets: { 'careloop-local/vapi': JSON.stringify(VAPI_SECRET) },
    invoke,
    rateJobs: false,
    retryDelayMs: 1,
    tickMs: 0,
    queueVisibilitySeconds: VISIBILITY_SECONDS,
    log: () => undefined,
  });
const queue = () => createSqsCallQueue(readCallQueueEnv(environment()));
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
type SqsEvent = { Records: { messageId: string; body: string; attributes: Record<string, string> }[] };
const eventOfCall = (n: number) => invoke.mock.calls[n]?.[1] as SqsEvent;

describe('local SQS: the queue of due calls, through SqsCallQueue and the event source', () => {
  it('honours the delay (clamped to 900 s) and delivers an SQS event to the placer', async () => {
    await start();
    await queue().enqueue('call-log-1', 1200, '2030-01-15T14:00:00.000Z');

    expect(await services.deliverDue(later(899))).toEqual([]);
    expect(invoke).not.toHaveBeenCalled();
    const [delivery] = await services.deliverDue(later(901));

    expect(delivery).toMatchObject({ job: 'place-scheduled-call', outcome: 'ok', failed: [] });
    expect(invoke.mock.calls[0]?.[0]).toBe('place-scheduled-call');
    const [record] = eventOfCall(0).Records;
    expect(JSON.parse(record?.body ?? '')).toEqual({
      callLogId: 'call-log-1',
      waitingSince: '2030-01-15T14:00:00.000Z',
    });
    expect(record).toMatchObject({
      messageId: delivery?.messageIds[0],
      eventSource: 'aws:sqs',
      eventSourceARN: LOCAL_CALL_QUEUE_ARN,
      attributes: { ApproximateReceiveCount: '1', SentTimestamp: expect.stringMatching(/^\d{13}$/) as unknown },
    });
    // Deleted once the job succeeded: never delivered again.
    expect(services.queuedMessages()).toEqual([]);
    expect(await services.deliverDue(later(2000))).toEqual([]);
  });

  it('delivers again only the messages the job reported as failed, after the visibility timeout', async () => {
    await start();
    await queue().enqueue('call-log-a', 0);
    await queue().enqueue('call-log-b', 0);
    invoke.mockImplementationOnce((_job, event) => {
      const records = (event as SqsEvent).Records;
      const failed = records.find((r) => r.body.includes('call-log-b'));
      return Promise.resolve({ batchItemFailures: [{ itemIdentifier: failed?.messageId }] });
    });

    const [first] = await services.deliverDue();
    expect(first).toMatchObject({ outcome: 'partial' });
    expect(eventOfCall(0).Records).toHaveLength(2);
    expect(services.queuedMessages().map((m) => JSON.parse(m.body) as unknown)).toEqual([{ callLogId: 'call-log-b' }]);

    // Invisible until its visibility timeout has passed.
    expect(await services.deliverDue(later(VISIBILITY_SECONDS - 5))).toEqual([]);
    const [second] = await services.deliverDue(later(VISIBILITY_SECONDS + 5));
    expect(second).toMatchObject({ outcome: 'ok' });
    const [record] = eventOfCall(1).Records;
    expect(JSON.parse(record?.body ?? '')).toEqual({ callLogId: 'call-log-b' });
    expect(record?.attributes.ApproximateReceiveCount).toBe('2');
    expect(services.queuedMessages()).toEqual([]);
  });

  it('delivers the whole batch again when the job throws, and dead-letters a message after 5 receives', async () => {
    await start();
    invoke.mockRejectedValue(Object.assign(new Error('boom'), { name: 'Sandbox.Timedout' }));
    await queue().enqueue('call-log-9', 0);

    for (let receive = 1; receive <= 5; receive++) {
      const [delivery] = await services.deliverDue(later((receive - 1) * (VISIBILITY_SECONDS + 1)));
      expect(delivery, `receive ${receive}`).toMatchObject({ outcome: 'failed' });
      expect(eventOfCall(receive - 1).Records[0]?.attributes.ApproximateReceiveCount).toBe(String(receive));
    }
    expect(await services.deliverDue(later(5 * (VISIBILITY_SECONDS + 1)))).toEqual([]);

    expect(invoke).toHaveBeenCalledTimes(5);
    expect(services.queuedMessages()).toEqual([]);
    expect(services.deadLetters()).toEqual([
      expect.objectContaining({
        trigger: 'queue',
        destination: 'trigger',
        job: 'place-scheduled-call',
        targetArn: LOCAL_CALL_QUEUE_ARN,
        deadLetterArn: LOCAL_SCHEDULE_DLQ_ARN,
        attempts: 5,
        input: JSON.stringify({ callLogId: 'call-log-9' }),
      }),
    ]);
  });

  it("sends a call schedule's Input to the queue when it fires, and the queue starts the placer", async () => {
    await start();
    const at = later(3600);
    await createCallScheduler(readSchedulerEnv(environment())).schedule('call-log-7', at);

    const fired = await services.fireDue(new Date(at.getTime() + 60_000));
    expect(fired).toEqual([expect.objectContaining({ outcome: 'invoked', attempts: 1 })]);
    // Sent, not invoked: the queue's event source starts the job.
    expect(invoke).not.toHaveBeenCalled();
    expect(services.queuedMessages().map((m) => m.body)).toEqual([JSON.stringify({ callLogId: 'call-log-7' })]);

    await services.deliverDue();
    expect(invoke.mock.calls[0]?.[0]).toBe('place-scheduled-call');
    expect(JSON.parse(eventOfCall(0).Records[0]?.body ?? '')).toEqual({ callLogId: 'call-log-7' });
  });

  it('refuses what SQS refuses: a queue that does not exist, a delay over 900 s', async () => {
    await start();
    const client = new SQSClient(sdkOptions());
    const url = readCallQueueEnv(environment()).queueUrl;
    await expect(
      client.send(new SendMessageCommand({ QueueUrl: `${url}-missing`, MessageBody: '{}' })),
    ).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
    await expect(
      client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: '{}', DelaySeconds: 901 })),
    ).rejects.toMatchObject({ name: 'InvalidParameterValue' });
    expect(services.queuedMessages()).toEqual([]);
  });

  it('runs a queue job from the test hook with a message body, as a one-record SQS event', async () => {
    await start();
    invoke.mockResolvedValueOnce({ batchItemFailures: [] });
    const response = await fetch(`${services.url}/local/jobs/place-scheduled-call/run`, {
      method: 'POST',
      body: JSON.stringify({ callLogId: 'call-log-3' }),
    });
    expect(response.status).toBe(200);
    expect(eventOfCall(0).Records).toEqual([
      expect.objectContaining({ body: JSON.stringify({ callLogId: 'call-log-3' }), eventSource: 'aws:sqs' }),
    ]);
  });
});
