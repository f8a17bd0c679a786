/**
 * The queue of due calls on the local stack (issue 27): a call's schedule fires into the local SQS
 * queue, whose event source delivers it to the placer, which places it with the voice simulator;
 * a message delivered again (SQS delivers at least once) places nothing more.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CallDetailResponse } from '../../shared/calls';
import { call } from '../support/api';
import {
  createCallablePatient,
  demoOrganizations,
  eventually,
  expectStatus,
  scheduleCallFor,
  sunriseToken,
  vapiSecret,
} from '../support/fixtures';
import { LOCAL_ACCOUNT, localQueueName } from '../../lambdas/local/aws-services';

const stack = inject('stack');

let sunrise: string;
let nurse: string;

beforeAll(async () => {
  sunrise = (await demoOrganizations(stack)).sunrise;
  nurse = await sunriseToken(stack);
});

const callDetail = async (id: string) =>
  expectStatus(await call<CallDetailResponse>(stack, 'GET', `/calls/${id}`, { token: nurse }), 200).call;
const aws = async <T>(method: string, path: string): Promise<T> =>
  (await (await fetch(`${stack.awsUrl}${path}`, { method })).json()) as T;
const queuedFor = async (callLogId: string) =>
  (await aws<{ messages: { body: string }[] }>('GET', '/local/queues')).messages.filter((m) =>
    m.body.includes(callLogId),
  );
const placedAtVapi = async (callLogId: string) => {
  const { apiKey } = await vapiSecret(stack);
  const calls = (await (
    await fetch(`${stack.voiceUrl}/call?limit=1000`, { headers: { Authorization: `Bearer ${apiKey}` } })
  ).json()) as { assistantOverrides?: { metadata?: { callLogId?: string } } }[];
  return calls.filter((c) => c.assistantOverrides?.metadata?.callLogId === callLogId);
};

describe('the queue of due calls', () => {
  it("delivers a fired schedule's call through the local SQS queue to the placer, which places it once", async () => {
    const patient = await createCallablePatient(stack, sunrise, 6);
    const scheduled = await scheduleCallFor(stack, patient.id, '10_minutes', nurse);

    const due = new Date(Date.parse(scheduled.scheduled_at ?? '') + 60_000).toISOString();
    const { fired } = await aws<{ fired: { name: string; outcome: string }[] }>(
      'POST',
      `/local/schedules/run-due?at=${due}`,
    );
    expect(fired.filter((f) => f.name.includes(scheduled.id))).toEqual([
      expect.objectContaining({ outcome: 'invoked' }),
    ]);

    // No job was run by hand: the queue's event source delivered the message.
    const done = await eventually(
      () => callDetail(scheduled.id),
      (c) => c.status === 'completed' || c.status === 'failed',
    );
    expect(done.status).toBe('completed');
    expect(await placedAtVapi(scheduled.id)).toHaveLength(1);
    expect(
      await eventually(
        () => queuedFor(scheduled.id),
        (messages) => messages.length === 0,
      ),
    ).toEqual([]);

    // The same message again (at-least-once delivery): delivered, deleted, and no second call.
    const sqs = new SQSClient({
      region: 'us-east-1',
      endpoint: stack.awsUrl,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: `${stack.awsUrl}/${LOCAL_ACCOUNT}/${localQueueName('calls')}`,
        MessageBody: JSON.stringify({ callLogId: scheduled.id }),
      }),
    );
    expect(
      await eventually(
        () => queuedFor(scheduled.id),
        (messages) => messages.length === 0,
      ),
    ).toEqual([]);
    expect(await placedAtVapi(scheduled.id)).toHaveLength(1);
    const { deadLetters } = await aws<{ deadLetters: { input?: string }[] }>('GET', '/local/dead-letters');
    expect(deadLetters.filter((d) => d.input?.includes(scheduled.id))).toEqual([]);
  });
});
