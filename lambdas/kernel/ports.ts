/** Ports every capability shares: the clock, ids, a page of a list, and the domain events put on the bus. */
import type { CallOutcome, CallStatus, EscalationLevel } from '../../shared/calls';

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

export type DomainEvent =
  | {
      type: 'call.completed';
      detail: {
        callLogId: string;
        patientId: string;
        organizationId: string;
        status: CallStatus;
        outcome: CallOutcome | null;
        escalationLevel: EscalationLevel | null;
      };
    }
  | { type: 'patient.archived'; detail: { patientId: string; organizationId: string } }
  | { type: 'organization.archived'; detail: { organizationId: string } };

export interface EventPublisher {
  publish(events: readonly DomainEvent[]): Promise<void>;
}
