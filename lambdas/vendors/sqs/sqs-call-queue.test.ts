import type { SendMessageCommand } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { SqsCallQueue } from './sqs-call-queue';

const URL = 'https://sqs.us-east-1.amazonaws.com/123456789012/careloop-dev-calls';

function recording() {
  const sent: SendMessageCommand[] = [];
  const client = { send: (command: SendMessageCommand) => (sent.push(command), Promise.resolve({})) };
  return { queue: new SqsCallQueue(client as never, URL), sent };
}

describe('SqsCallQueue', () => {
  it('sends the call id (and when it began to wait) to the queue, with the delay', async () => {
    const { queue, sent } = recording();

    await queue.enqueue('call-1', 120, '2030-01-15T14:00:00.000Z');
    await queue.enqueue('call-2', 0);

    expect(sent.map((c) => c.input)).toEqual([
      {
        QueueUrl: URL,
        MessageBody: '{"callLogId":"call-1","waitingSince":"2030-01-15T14:00:00.000Z"}',
        DelaySeconds: 120,
      },
      { QueueUrl: URL, MessageBody: '{"callLogId":"call-2"}', DelaySeconds: 0 },
    ]);
  });

  it.each([
    [-30, 0],
    [0.2, 1],
    [899.5, 900],
    [3600, 900],
    [Number.NaN, 0],
  ])('clamps a delay of %s s to %s s, the whole seconds SQS accepts (0–900)', async (asked, sentDelay) => {
    const { queue, sent } = recording();

    await queue.enqueue('call-1', asked);

    expect(sent[0]?.input.DelaySeconds).toBe(sentDelay);
  });
});
