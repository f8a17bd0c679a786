import { EventBridgeClient, PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import type { DomainEvent, EventPublisher } from '../../kernel/ports';
import { EVENT_SOURCE, eventProblem } from '../../kernel/events';
import type { BusEnv } from '../../kernel/env';

/** PutEvents takes at most ten entries per request. */
const BATCH_SIZE = 10;

/** Some events did not reach the bus after one retry. Carries error codes and types, never details. */
export class EventPublishError extends Error {
  constructor(readonly failures: readonly { type: string; errorCode: string }[]) {
    super(
      `EventBridge rejected ${failures.length} event(s): ` +
        failures.map((f) => `${f.type} (${f.errorCode})`).join(', '),
    );
    this.name = 'EventPublishError';
  }
}

/** Domain events onto the CareLoop bus. Details carry ids and codes only (DomainEvent). */
export class EventBridgeEventPublisher implements EventPublisher {
  constructor(
    private readonly client: EventBridgeClient,
    private readonly busName: string,
  ) {}

  async publish(events: readonly DomainEvent[]): Promise<void> {
    for (let start = 0; start < events.length; start += BATCH_SIZE) {
      await this.putBatch(events.slice(start, start + BATCH_SIZE).map((e) => this.entry(e)));
    }
  }

  /** An event that breaks its contract (kernel/events.ts) never leaves: it is a bug, not data. */
  private entry(event: DomainEvent): PutEventsRequestEntry {
    const problem = eventProblem(event.type, event.detail);
    if (problem) throw new Error(`Event ${event.type} breaks its contract at ${problem}`);
    return {
      Source: EVENT_SOURCE,
      DetailType: event.type,
      Detail: JSON.stringify(event.detail),
      EventBusName: this.busName,
    };
  }

  /** A partial failure is retried once for the failed entries; what still fails is thrown. */
  private async putBatch(entries: PutEventsRequestEntry[]): Promise<void> {
    let pending = entries;
    for (let attempt = 1; ; attempt++) {
      const result = await this.client.send(new PutEventsCommand({ Entries: pending }));
      if (!result.FailedEntryCount) return;
      const failed = pending.flatMap((entry, i) => {
        const answer = result.Entries?.[i];
        return answer?.EventId && !answer.ErrorCode ? [] : [{ entry, errorCode: answer?.ErrorCode ?? 'Unknown' }];
      });
      if (failed.length === 0) return;
      if (attempt === 2) {
        throw new EventPublishError(failed.map((f) => ({ type: f.entry.DetailType ?? '', errorCode: f.errorCode })));
      }
      pending = failed.map((f) => f.entry);
    }
  }
}

export function createEventPublisher(env: BusEnv): EventBridgeEventPublisher {
  const client = new EventBridgeClient({
    region: env.region,
    ...(env.eventBridgeEndpoint ? { endpoint: env.eventBridgeEndpoint } : {}),
  });
  return new EventBridgeEventPublisher(client, env.busName);
}
