/**
 * Who an audit event names when no person acted (DECISIONS "Audit trail"): webhooks and jobs write
 * as CareLoop itself, naming the vendor or job; a patient's own link writes as the patient.
 */
import type { AuditEntry, AuditEvent } from './audit-entry';

/** Each webhook or job that writes audit events, and how a patient's history names it. */
export const SYSTEM_ACTORS = {
  'vapi-webhook': 'Vapi report',
  'twilio-webhook': 'Twilio text',
  'place-scheduled-call': 'Scheduled call',
  'reconcile-calls': 'Call reconciler',
  'call-follow-up': 'Call follow-up',
  'call-reminders': 'Call reminder',
  'demo-seed': 'Demo data',
  'first-operator': 'Deployment set-up',
  'migrate-phones': 'Phone number migration',
} as const;

export type SystemActor = keyof typeof SYSTEM_ACTORS;

const SYSTEM_PREFIX = 'system:';

export const systemActorId = (name: SystemActor) => `${SYSTEM_PREFIX}${name}`;

/** The actor of a call link's call: the patient holding the link (the link is the only credential). */
export const CALL_LINK_ACTOR_ID = 'call-link';

/** Before system actors had names, CareLoop's own writes were recorded under this id. */
const UNNAMED_SYSTEM_ACTOR_ID = 'careloop';

/** System actors whose events were once written without the prefix (the phone migration's, before 2026-11-28). */
const UNPREFIXED_SYSTEM_ACTORS: ReadonlySet<string> = new Set<SystemActor>(['migrate-phones']);

export type ActorKind = 'person' | 'system' | 'patient';

/** What kind of actor an audit event's actor id names, and the label of a system or patient actor. */
export function actorOf(actorId: string): { kind: ActorKind; label: string | null } {
  if (actorId === CALL_LINK_ACTOR_ID) return { kind: 'patient', label: 'Patient (call link)' };
  if (actorId === UNNAMED_SYSTEM_ACTOR_ID) return { kind: 'system', label: 'CareLoop' };
  const unprefixed = UNPREFIXED_SYSTEM_ACTORS.has(actorId);
  if (!unprefixed && !actorId.startsWith(SYSTEM_PREFIX)) return { kind: 'person', label: null };
  const name = unprefixed ? actorId : actorId.slice(SYSTEM_PREFIX.length);
  const label = Object.hasOwn(SYSTEM_ACTORS, name) ? SYSTEM_ACTORS[name as SystemActor] : name;
  return { kind: 'system', label: `CareLoop (${label})` };
}

/** What a webhook or job did to one patient's data, as CareLoop naming it (no role, no organization). */
export function systemEntry(
  system: SystemActor,
  action: string,
  subject: AuditEntry['subject'],
  patientId: string,
): AuditEntry {
  return {
    actorId: systemActorId(system),
    actorRole: null,
    actorProviderId: null,
    action,
    subject,
    patientId,
    outcome: 'success',
  };
}

/** The same as an event to write in the transaction of the change it records (id and time fixed up front). */
export function systemEvent(
  system: SystemActor,
  action: string,
  subject: AuditEntry['subject'],
  patientId: string,
  id: string,
  at: string,
): AuditEvent {
  return { ...systemEntry(system, action, subject, patientId), id, at };
}
