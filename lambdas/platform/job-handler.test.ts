import type { Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { defineQueueJob, idField, type QueueRecord } from './job-handler';
import { metrics } from '../kernel/observability';

const JOB = {
  description: 'test',
  trigger: { kind: 'queue', queue: 'calls', batchSize: 10 },
  config: [],
  permissions: {},
  name: 'place-scheduled-call',
} as const;

const record = (messageId: string, body: string, receiveCount = 1) => ({
  messageId,
  receiptHandle: `${messageId}#1`,
  body,
  attributes: { ApproximateReceiveCount: String(receiveCount), SentTimestamp: '1900000000000' },
  messageAttributes: {},
  eventSource: 'aws:sqs',
});

function handlerWith(run: (deps: null, message: { callLogId: string; receiveCount: number }) => Promise<void>) {
  const parse = ({ body, receiveCount }: QueueRecord) => ({
    callLogId: idField(body as Record<string, unknown>, 'callLogId'),
    receiveCount,
  });
  return defineQueueJob(JOB, parse, run, () => null);
}

const context = { functionName: 'place-scheduled-call', awsRequestId: 'r1' } as Context;

describe('defineQueueJob', () => {
  it("reports only the messages whose run threw; the batch's others are done", async () => {
    const run = vi.fn((_deps: null, { callLogId }: { callLogId: string }) =>
      callLogId === 'bad' ? Promise.reject(new Error('Vapi down')) : Promise.resolve(),
    );
    const handler = handlerWith(run);

    const answer = await handler(
      {
        Records: [
          record('m1', '{"callLogId":"a"}'),
          record('m2', '{"callLogId":"bad"}', 3),
          record('m3', '{"callLogId":"c"}'),
        ],
      },
      context,
    );

    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    expect(run.mock.calls.map(([, m]) => m)).toEqual([
      { callLogId: 'a', receiveCount: 1 },
      { callLogId: 'bad', receiveCount: 3 },
      { callLogId: 'c', receiveCount: 1 },
    ]);
  });

  it('drops and counts a malformed message (it can never succeed), never failing the batch for it', async () => {
    const addMetric = vi.spyOn(metrics, 'addMetric');
    const run = vi.fn(() => Promise.resolve());
    const handler = handlerWith(run);

    const answer = await handler(
      {
        Records: [
          record('m1', 'not json'),
          record('m2', '{"callLogId":"../etc"}'),
          { body: '{"callLogId":"no-id"}' },
          record('m4', '{"callLogId":"ok"}'),
        ],
      },
      context,
    );

    expect(answer).toEqual({ batchItemFailures: [] });
    expect(run).toHaveBeenCalledTimes(1);
    expect(addMetric.mock.calls.filter(([name]) => name === 'malformed_event')).toHaveLength(3);
    addMetric.mockRestore();
  });

  it('answers an event without Records as nothing to do', async () => {
    const run = vi.fn(() => Promise.resolve());
    expect(await handlerWith(run)({ callLogId: 'a' }, context)).toEqual({ batchItemFailures: [] });
    expect(run).not.toHaveBeenCalled();
  });
});
