/**
 * The domain events on the CareLoop bus and the contract of each one's detail: ids and codes only,
 * never PHI. A capability's spec names the events it publishes; the publisher checks every event
 * against its contract before it leaves (an extra field is refused, so nothing else can ride
 * along), and the job layer checks it again where it is consumed.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../shared/lazy-schema';
import { CALL_OUTCOMES, CALL_STATUSES, ESCALATION_LEVELS } from '../../shared/values/calls';

const id = lazySchema(() => z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/)));

// Each contract is built the first time an event of its type is checked (shared/lazy-schema.ts).
export const EVENT_DETAILS = {
  'call.completed': lazySchema(() =>
    z.strictObject({
      callLogId: id,
      patientId: id,
      organizationId: id,
      status: z.enum(CALL_STATUSES),
      outcome: z.nullable(z.enum(CALL_OUTCOMES)),
      escalationLevel: z.nullable(z.enum(ESCALATION_LEVELS)),
    }),
  ),
  'patient.archived': lazySchema(() => z.strictObject({ patientId: id, organizationId: id })),
  'organization.archived': lazySchema(() => z.strictObject({ organizationId: id })),
  /** Staff started a previewed panel import: the job writes its patients (DECISIONS "Enrollment"). */
  'panel_import.started': lazySchema(() => z.strictObject({ importId: id, organizationId: id })),
} as const;

export type EventType = keyof typeof EVENT_DETAILS;
export const EVENT_TYPES = Object.keys(EVENT_DETAILS) as readonly EventType[];

/** The bus source of every CareLoop event. */
export const EVENT_SOURCE = 'careloop';

/** One event of the given types (a union of each type with its own detail). */
export type EventOf<T extends EventType> = T extends EventType
  ? { type: T; detail: z.infer<(typeof EVENT_DETAILS)[T]> }
  : never;
export type DomainEvent = { [T in EventType]: EventOf<T> }[EventType];

/** Where an event breaks its contract (the field's path), or null when it keeps it. */
export function eventProblem(type: string, detail: unknown): string | null {
  const schema = (EVENT_DETAILS as Record<string, z.ZodMiniType>)[type];
  if (!schema) return 'type';
  const parsed = schema.safeParse(detail);
  if (parsed.success) return null;
  const path = parsed.error.issues[0]?.path.map(String).join('.');
  return path || 'detail';
}
