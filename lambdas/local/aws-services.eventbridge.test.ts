import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { describe, expect, it } from 'vitest';
import {
  environment,
  invoke,
  sdkOptions,
  services,
  start,
  useLocalAwsServices,
} from '../../test/support/local-aws-services';
import { createEventPublisher } from '../vendors/eventbridge/eventbridge-event-publisher';
import { readBusEnv } from '../kernel/env';

useLocalAwsServices();

describe('local EventBridge bus, through EventBridgeEventPublisher', () => {
  it('delivers an event to the job whose rule matches its type, as an EventBridge event', async () => {
    await start();

    await createEventPublisher(readBusEnv(environment())).publish([
      { type: 'patient.archived', detail: { patientId: 'patient-1', organizationId: 'org-1' } },
    ]);
    await services.settled();

    expect(invoke).toHaveBeenCalledTimes(1);
    const [job, event] = invoke.mock.calls[0] ?? [];
    expect(job).toBe('cancel-patient-calls');
    expect(event).toEqual({
      version: '0',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      'detail-type': 'patient.archived',
      source: 'careloop',
      account: '000000000000',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) as unknown,
      region: 'us-east-1',
      resources: [],
      detail: { patientId: 'patient-1', organizationId: 'org-1' },
    });
    const { events } = (await (await fetch(`${services.url}/local/events`)).json()) as { events: unknown[] };
    expect(events).toEqual([
      expect.objectContaining({
        detailType: 'patient.archived',
        deliveries: [{ job: 'cancel-patient-calls', status: 'delivered', attempts: 1 }],
      }),
    ]);
  });

  it('delivers to nobody what no rule matches: another type, another source, the default bus', async () => {
    await start();
    const client = new EventBridgeClient(sdkOptions());

    const answer = await client.send(
      new PutEventsCommand({
        Entries: [
          { Source: 'careloop', DetailType: 'call.unknown', Detail: '{}', EventBusName: 'careloop-local' },
          { Source: 'someone.else', DetailType: 'call.completed', Detail: '{}', EventBusName: 'careloop-local' },
          { Source: 'careloop', DetailType: 'call.completed', Detail: '{}' },
        ],
      }),
    );
    await services.settled();

    expect(answer.FailedEntryCount).toBe(0);
    expect(invoke).not.toHaveBeenCalled();
  });

  it('fails entries as EventBridge does: per entry for a bad entry, the whole request for more than ten', async () => {
    await start();
    const client = new EventBridgeClient(sdkOptions());

    const partial = await client.send(
      new PutEventsCommand({
        Entries: [
          { Source: 'careloop', DetailType: 'patient.archived', Detail: 'not json', EventBusName: 'careloop-local' },
          { Source: 'careloop', DetailType: 'patient.archived', Detail: '{}', EventBusName: 'no-such-bus' },
          {
            Source: 'careloop',
            DetailType: 'patient.archived',
            Detail: '{"patientId":"p"}',
            EventBusName: 'careloop-local',
          },
        ],
      }),
    );
    const tooMany = client.send(
      new PutEventsCommand({
        Entries: Array.from({ length: 11 }, () => ({ Source: 'careloop', DetailType: 'x', Detail: '{}' })),
      }),
    );

    expect(partial.FailedEntryCount).toBe(2);
    expect(partial.Entries?.map((e) => e.ErrorCode ?? 'ok')).toEqual([
      'MalformedDetail',
      'ResourceNotFoundException',
      'ok',
    ]);
    await expect(tooMany).rejects.toMatchObject({ name: 'ValidationException' });
  });

  it('retries a failing delivery, then dead-letters it', async () => {
    await start();
    invoke.mockRejectedValue(new Error('boom'));

    await createEventPublisher(readBusEnv(environment())).publish([
      { type: 'organization.archived', detail: { organizationId: 'org-9' } },
    ]);
    await services.settled();

    expect(invoke).toHaveBeenCalledTimes(3);
    expect(services.deadLetters()).toEqual([
      expect.objectContaining({
        trigger: 'event',
        destination: 'function',
        job: 'cancel-patient-calls',
        detailType: 'organization.archived',
        attempts: 3,
      }),
    ]);
    expect(services.recentEvents()[0]?.deliveries).toEqual([
      { job: 'cancel-patient-calls', status: 'dead-lettered', attempts: 3 },
    ]);
  });
});
