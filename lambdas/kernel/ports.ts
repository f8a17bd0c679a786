/** Ports every capability shares: the clock, ids, a page of a list, and the domain events put on the bus. */
import type { DomainEvent } from './events';

export type { DomainEvent };

export interface Clock {
  now(): Date;
}

export interface Ids {
  newId(): string;
}

export interface Page<T> {
  items: T[];
  cursor: string | null;
}

export interface EventPublisher {
  publish(events: readonly DomainEvent[]): Promise<void>;
}
