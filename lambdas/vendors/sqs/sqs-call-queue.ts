import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { CallQueue } from '../../calls/ports';
import type { CallQueueEnv } from '../../kernel/env';

/** SQS's longest delivery delay (DelaySeconds), in seconds. */
export const MAX_QUEUE_DELAY_SECONDS = 900;

/** What a message of the queue of due calls carries: ids and a time only, never PHI. */
export interface DueCallMessage {
  readonly callLogId: string;
  /** When the call first found no free slot (ISO 8601), so its wait is measured from then. */
  readonly waitingSince?: string;
}

/**
 * The queue of due calls on SQS: one message per call, delivered to the placer after its delay.
 * A schedule sends the same body (`{"callLogId"}`) as its target Input.
 */
export class SqsCallQueue implements CallQueue {
  constructor(
    private readonly client: Pick<SQSClient, 'send'>,
    private readonly queueUrl: string,
  ) {}

  async enqueue(callLogId: string, delaySeconds: number, waitingSince?: string): Promise<void> {
    const message: DueCallMessage = { callLogId, ...(waitingSince ? { waitingSince } : {}) };
    // SQS refuses a delay outside 0–900 s; a fraction would be refused too.
    const delay = Number.isFinite(delaySeconds)
      ? Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(0, Math.ceil(delaySeconds)))
      : 0;
    await this.client.send(
      new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: JSON.stringify(message), DelaySeconds: delay }),
    );
  }
}

export function createSqsCallQueue(env: CallQueueEnv): SqsCallQueue {
  const client = new SQSClient({ region: env.region, ...(env.sqsEndpoint ? { endpoint: env.sqsEndpoint } : {}) });
  return new SqsCallQueue(client, env.queueUrl);
}
