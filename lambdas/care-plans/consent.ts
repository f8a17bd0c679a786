/**
 * CCM consent (product-rules.md "Care management (CCM)"): each change is appended to the patient's
 * consent history and becomes the patient's consent in the same transaction; nothing is edited.
 */
import type { ConsentEntry, PatientConsent } from '../../shared/domain';
import type { Actor } from '../kernel/actor';
import { patientForActor, type OrganizationLookup } from '../kernel/access';
import { audited, auditedChange } from '../kernel/audit';
import { auditEventWrite } from '../kernel/audit-event-item';
import { joinPlans, type WriteCommitter } from '../kernel/write-plan';
import { consentPlan } from './consent-plan';
import { invalidCursor, type PageRequest } from '../kernel/cursor';
import { fail } from '../kernel/error-catalogue';
import { UNKNOWN_AUTHOR } from '../kernel/mappers';
import { planConsent, type ConsentInput } from '../kernel/consent-change';
import type { AuditLog } from '../kernel/audit-entry';
import type { Clock, Ids } from '../kernel/ports';
import type { ConsentRecord } from '../kernel/records/consent';
import { displayNameOf, type ProfileName } from '../kernel/records/user-profile';
import type { AuthorDirectory, AuthorName, PatientConsents } from './ports';

export interface ConsentDeps {
  patients: PatientConsents;
  committer: WriteCommitter;
  organizations: OrganizationLookup;
  users: AuthorDirectory;
  audit: AuditLog;
  clock: Clock;
  ids: Ids;
}

export const CONSENT_PAGE_SIZE = 20;

export interface ConsentAnswer {
  consent: PatientConsent;
  history: { items: ConsentEntry[]; next_cursor: string | null };
}

/** The patient's consent now and a page of its history, newest first. */
export async function getConsent(
  deps: ConsentDeps,
  actor: Actor,
  patientId: string,
  page: PageRequest,
): Promise<ConsentAnswer> {
  const subject = { type: 'patient', id: patientId } as const;
  return audited(deps.audit, actor, 'consent.read', subject, async (_about, _disclose, granted) => {
    const [{ patient }, found] = await Promise.all([
      patientForActor(deps, actor, patientId),
      deps.patients.pageConsents(patientId, page.limit, page.cursor),
    ]);
    if (found === 'invalid_cursor') throw invalidCursor();
    granted();
    const names = await namesOf(deps, found.items);
    return {
      consent: patient.consent ?? { status: 'not_asked', date: null },
      history: { items: found.items.map((c) => toEntry(c, names)), next_cursor: found.cursor },
    };
  });
}

/**
 * The patient's newest consent changes (at most `limit`), read without an access check or audit of
 * its own: for a caller that did both for the patient (the FHIR export, wired in its function entry).
 */
export async function readConsentHistory(
  deps: Pick<ConsentDeps, 'patients' | 'users'>,
  patientId: string,
  limit: number,
): Promise<ConsentEntry[]> {
  const found = await deps.patients.pageConsents(patientId, limit, null);
  if (found === 'invalid_cursor') return [];
  const names = await namesOf(deps, found.items);
  return found.items.map((c) => toEntry(c, names));
}

/**
 * Records a consent change by the signed-in user, named on the record as their profile names them
 * now (`ownProfile`: the standing check's read, no read of its own). Withdrawing needs an accepted
 * consent; a change recorded by someone else since the patient was read is a conflict, never
 * silently replaced.
 */
export async function recordConsent(
  deps: ConsentDeps,
  actor: Actor,
  ownProfile: ProfileName | null,
  patientId: string,
  input: ConsentInput,
): Promise<{ consent: PatientConsent; entry: ConsentEntry }> {
  return auditedChange(deps, actor, 'consent.record', { type: 'patient', id: patientId }, async (eventOf) => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    const current = patient.consent?.status ?? 'not_asked';
    if (input.status === 'withdrawn' && current !== 'accepted') {
      throw fail('consentNotAccepted');
    }
    const author = { userId: actor.userId, name: displayNameOf(ownProfile) };
    const record = planConsent(input, patient, organization, author, deps.clock.now(), deps.ids.newId());
    const plan = joinPlans(consentPlan(patient, record), {
      transaction: [auditEventWrite(eventOf())],
      afterCommit: [],
    });
    if ((await deps.committer.commit(plan)) !== 'committed') {
      throw fail('consentChanged');
    }
    const names = await namesOf(deps, [record]);
    return { consent: { status: record.status, date: record.date }, entry: toEntry(record, names) };
  });
}

/**
 * The names of the changes' authors that the changes do not carry: those recorded before names were
 * kept are named by their profile as it is now (one BatchGetItem), the rest need no read at all.
 */
async function namesOf(
  deps: Pick<ConsentDeps, 'users'>,
  changes: readonly ConsentRecord[],
): Promise<ReadonlyMap<string, AuthorName>> {
  const unnamed = changes.filter((c) => !c.recordedByName).map((c) => c.recordedBy);
  return unnamed.length > 0 ? deps.users.displayOf(unnamed) : new Map();
}

function toEntry(c: ConsentRecord, names: ReadonlyMap<string, AuthorName>): ConsentEntry {
  return {
    id: c.id,
    status: c.status,
    date: c.date,
    method: c.method,
    disclosures: c.disclosures,
    script_language: c.scriptLanguage,
    recorded_by: {
      user_id: c.recordedBy,
      name: c.recordedByName || names.get(c.recordedBy)?.name || UNKNOWN_AUTHOR,
    },
    recorded_at: c.recordedAt,
  };
}
