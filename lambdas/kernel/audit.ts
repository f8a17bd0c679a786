import type { Actor } from './actor';
import { AppError } from './app-error';
import { TenantDenied } from './error-catalogue';
import type { AuditChange, AuditEntry, AuditEvent, AuditLog, AuditOutcome } from './audit-entry';
import type { Clock, Ids } from './ports';

/** How a failed request reads in the audit trail. */
export function auditOutcomeOf(error: unknown): AuditOutcome {
  if (error instanceof TenantDenied) return 'denied';
  if (!(error instanceof AppError)) return 'error';
  switch (error.kind) {
    case 'not_found':
      return 'not_found';
    case 'forbidden':
    case 'unauthorized':
      return 'denied';
    // Over a daily limit: refused by rule, a toll-fraud signal worth reading beside denials.
    case 'too_many':
      return 'denied';
    case 'bad_request':
    case 'conflict':
      return 'invalid';
    case 'bad_gateway':
    case 'unavailable':
      return 'error';
  }
}

export type AuditSubject = AuditEntry['subject'];

/** Who did what to which subject, with the request's id and source IP when the actor carries them. */
function entryOf(actor: Actor, action: string, subject: AuditSubject, patientId: string | undefined) {
  return {
    actorId: actor.userId,
    actorRole: actor.role,
    actorProviderId: actor.providerId,
    action,
    subject,
    ...(patientId ? { patientId } : {}),
    ...(actor.requestId ? { requestId: actor.requestId } : {}),
    ...(actor.sourceIp ? { sourceIp: actor.sourceIp } : {}),
  };
}

/**
 * Names the patient whose data the work turned out to be about, once it has read the record that says
 * (a call's patient): the event then joins that patient's access history.
 */
export type AboutPatient = (patientId: string) => void;

/**
 * Names the patients a list or search page shows (ids only, never what was shown): each gets an
 * event under the list's action and subject, so each patient's access history has it, written in
 * one transaction with the request's own success event before the page leaves. A patient shown
 * twice is recorded once.
 */
export type Disclose = (patientIds: readonly string[]) => void;

/**
 * Says the access check has passed and what is left of the work can no longer be refused (names of
 * authors, say): the success event is written from then on, beside the rest of the work, instead of
 * after it, with the disclosures named so far (a page whose patients are known before its last
 * reads). Should the rest still fail, an event of that failure follows.
 */
export type Granted = () => void;

/**
 * Runs one request's work and records who did what to which patient data, and how it ended,
 * whatever the outcome, with the request's id and source IP when the actor carries them. A success
 * is recorded before the answer leaves: no audit, no data. A page's disclosures (`disclose`) travel
 * with the success event: one request, not two after each other; `granted` starts the success event
 * beside the work's last reads.
 */
export async function audited<T>(
  audit: AuditLog,
  actor: Actor,
  action: string,
  subject: AuditSubject,
  work: (about: AboutPatient, disclose: Disclose, granted: Granted) => Promise<T>,
  patientId = subject.type === 'patient' ? subject.id : undefined,
): Promise<T> {
  let patient = patientId;
  let shown: readonly string[] = [];
  let early: Promise<void> | undefined;
  // The disclosures the early event carried: those named later still get theirs after the work.
  let disclosed = new Set<string>();
  const success = () => ({ ...entryOf(actor, action, subject, patient), outcome: 'success' as const });
  const disclosuresOf = (ids: readonly string[]) =>
    ids.map((id) => ({ ...entryOf(actor, action, subject, id), outcome: 'success' as const }));
  const about: AboutPatient = (id) => void (patient = id);
  const disclose: Disclose = (ids) => void (shown = [...new Set(ids)]);
  const granted: Granted = () => {
    if (early) return;
    disclosed = new Set(shown);
    early = shown.length > 0 ? audit.recordMany([...disclosuresOf(shown), success()]) : audit.record(success());
    // Awaited below, whatever the work does meanwhile.
    early.catch(() => undefined);
  };
  let result: T;
  try {
    result = await work(about, disclose, granted);
  } catch (error) {
    await early?.catch(() => undefined);
    await audit.record({ ...entryOf(actor, action, subject, patient), outcome: auditOutcomeOf(error) });
    throw error;
  }
  const disclosures = disclosuresOf(shown.filter((id) => !disclosed.has(id)));
  if (early) {
    await early;
    if (disclosures.length > 0) await audit.recordMany(disclosures);
  } else if (disclosures.length > 0) await audit.recordMany([...disclosures, success()]);
  else await audit.record(success());
  return result;
}

export interface ChangeAuditDeps {
  audit: AuditLog;
  clock: Clock;
  ids: Ids;
}

/** Builds the success event of a change, given what it moved; the repository writes it with the change. */
export type ChangeEventOf = (change?: AuditChange) => AuditEvent;

/**
 * Runs a change whose success event is written in the SAME transaction as the change: `work` builds
 * the event (with the old and new role and organization of a user's or an organization's change) and
 * writes it with the change's plan. A refusal or failure changed nothing, so it is recorded on its own.
 * The patient is the subject's, unless `patientId` names another.
 */
export async function auditedChange<T>(
  deps: ChangeAuditDeps,
  actor: Actor,
  action: string,
  subject: AuditSubject,
  work: (eventOf: ChangeEventOf) => Promise<T>,
  patientId = subject.type === 'patient' ? subject.id : undefined,
): Promise<T> {
  const entry = entryOf(actor, action, subject, patientId);
  const eventOf: ChangeEventOf = (change) => ({
    ...entry,
    ...(change ? { change } : {}),
    outcome: 'success',
    id: deps.ids.newId(),
    at: deps.clock.now().toISOString(),
  });
  try {
    return await work(eventOf);
  } catch (error) {
    await deps.audit.record({ ...entry, outcome: auditOutcomeOf(error) });
    throw error;
  }
}
