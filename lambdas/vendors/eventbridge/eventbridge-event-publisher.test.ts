import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../kernel/ports';
import { EventBridgeEventPublisher, EventPublishError } from './eventbridge-event-publisher';

const bus = mockClient(EventBridgeClient);
const publisher = () => new EventBridgeEventPublisher(new EventBridgeClient({}), 'careloop-prod');
const archived = (i: number): DomainEvent => ({
  type: 'patient.archived',
  detail: { patientId: `patient-${i}`, organizationId: 'org-1' },
});
const sentEntries = () => bus.commandCalls(PutEventsCommand).map((c) => c.args[0].input.Entries ?? []);
const accepted = (count: number) => ({
  FailedEntryCount: 0,
  Entries: Array.from({ length: count }, (_, i) => ({ EventId: `id-${i}` })),
});

afterEach(() => bus.reset());

describe('EventBridgeEventPublisher', () => {
  it('sends nothing when an event breaks its contract: a name riding along is refused', async () => {
    bus.on(PutEventsCommand).resolves(accepted(1));
    const leaky = {
      type: 'patient.archived',
      detail: { patientId: 'patient-1', organizationId: 'org-1', name: 'Jane Doe' },
    } as unknown as DomainEvent;

    await expect(publisher().publish([leaky])).rejects.toThrow('Event patient.archived breaks its contract at detail');
    expect(sentEntries()).toEqual([]);
  });

  it('puts each event on the CareLoop bus with its type as detail type and its ids as detail', async () => {
    bus.on(PutEventsCommand).resolves(accepted(1));

    await publisher().publish([
      {
        type: 'call.completed',
        detail: {
          callLogId: 'call-1',
          patientId: 'patient-1',
          organizationId: 'org-1',
          status: 'completed',
          outcome: null,
          escalationLevel: null,
        },
      },
    ]);

    expect(sentEntries()).toEqual([
      [
        {
          Source: 'careloop',
          DetailType: 'call.completed',
          Detail:
            '{"callLogId":"call-1","patientId":"patient-1","organizationId":"org-1","status":"completed","outcome":null,"escalationLevel":null}',
          EventBusName: 'careloop-prod',
        },
      ],
    ]);
  });

  it('sends at most ten entries per request', async () => {
    bus.on(PutEventsCommand).callsFake((input: { Entries: unknown[] }) => accepted(input.Entries.length));

    await publisher().publish(Array.from({ length: 23 }, (_, i) => archived(i)));

    expect(sentEntries().map((entries) => entries.length)).toEqual([10, 10, 3]);
    expect(
      sentEntries()
        .flat()
        .map((e) => JSON.parse(e.Detail ?? '{}') as { patientId: string }),
    ).toEqual(Array.from({ length: 23 }, (_, i) => expect.objectContaining({ patientId: `patient-${i}` }) as unknown));
  });

  it('publishes nothing for no events', async () => {
    await publisher().publish([]);

    expect(sentEntries()).toEqual([]);
  });

  it('retries only the entries that failed, once', async () => {
    bus
      .on(PutEventsCommand)
      .resolvesOnce({
        FailedEntryCount: 1,
        Entries: [{ EventId: 'a' }, { ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }, { EventId: 'c' }],
      })
      .resolves(accepted(1));

    await publisher().publish([archived(1), archived(2), archived(3)]);

    const [, retry] = sentEntries();
    expect(retry?.map((e) => e.Detail)).toEqual([JSON.stringify(archived(2).detail)]);
  });

  it('throws with the types and error codes (not the details) when the retry fails too', async () => {
    bus.on(PutEventsCommand).resolves({
      FailedEntryCount: 1,
      Entries: [{ ErrorCode: 'ThrottlingException', ErrorMessage: 'slow down' }],
    });

    const failure = publisher().publish([archived(1)]);

    await expect(failure).rejects.toBeInstanceOf(EventPublishError);
    await expect(failure).rejects.toThrow('EventBridge rejected 1 event(s): patient.archived (ThrottlingException)');
    await expect(failure).rejects.not.toThrow('patient-1');
    expect(sentEntries()).toHaveLength(2);
  });

  it('lets a failed request reach the caller (it retries; its work is idempotent)', async () => {
    bus.on(PutEventsCommand).rejects(new Error('network down'));

    await expect(publisher().publish([archived(1)])).rejects.toThrow('network down');
  });
});
