import type { AccessHistoryEntry, AccessHistoryPage } from '../../shared/domain';
import { isRole } from '../../shared/roles';
import type { Actor } from '../kernel/actor';
import { assertEmployee, isRecordId, type PatientLookup } from '../kernel/access';
import { audited } from '../kernel/audit';
import { invalidCursor, type PageRequest } from '../kernel/cursor';
import { fail } from '../kernel/error-catalogue';
import type { AccountName, AccountNames, AuditEventRecord, AuditHistory, AuditHistoryFilter } from './ports';
import type { AuditLog } from '../kernel/audit-entry';
import { actorOf } from '../kernel/audit-actors';

export interface AccessHistoryDeps {
  patients: PatientLookup;
  audit: AuditLog;
  history: AuditHistory;
  users: AccountNames;
}

export const ACCESS_HISTORY_PAGE_SIZE = 50;

/**
 * Who read or changed one patient's data, newest first, a page at a time (product-rules.md "Records are
 * kept", DECISIONS "Audit trail"): every event that carries the patient id, whatever its subject (the
 * patient, a call, a list page that showed them), by people, CareLoop's webhooks and jobs, or the
 * patient's own link; optionally one action's or one actor's. Operators only. An archived patient's
 * history stays readable. Reading it is audited too. People are named as their events name them
 * (as they were when they acted); only events from before names were kept need their profiles read.
 */
export async function getAccessHistory(
  deps: AccessHistoryDeps,
  actor: Actor,
  patientId: string,
  page: PageRequest,
  filter: AuditHistoryFilter = {},
): Promise<AccessHistoryPage> {
  const subject = { type: 'patient', id: patientId } as const;
  return audited(deps.audit, actor, 'patient.access_history.read', subject, async (_about, _disclose, granted) => {
    assertEmployee(actor);
    if (!isRecordId(patientId)) throw fail('patientNotFound');
    const [patient, found] = await Promise.all([
      deps.patients.get(patientId),
      deps.history.byPatient(patientId, filter, page.limit, page.cursor),
    ]);
    if (!patient) throw fail('patientNotFound');
    if (found === 'invalid_cursor') throw invalidCursor();
    granted();
    const people = await unnamedPeople(deps, found.items);
    return {
      items: found.items.map((e): AccessHistoryEntry => {
        const { kind, label } = actorOf(e.actorId);
        // Named as they were when they acted; an event from before names were kept, as they are now.
        const person = e.actorName !== null ? { name: e.actorName, email: e.actorEmail } : people.get(e.actorId);
        return {
          id: e.id,
          at: e.at,
          action: e.action,
          outcome: e.outcome,
          actor: {
            kind,
            user_id: e.actorId,
            role: isRole(e.actorRole) ? e.actorRole : 'none',
            organization_id: e.actorProviderId,
            name: label ?? person?.name ?? null,
            email: kind === 'person' ? (person?.email ?? null) : null,
          },
          request_id: e.requestId,
          source_ip: e.sourceIp,
        };
      }),
      next_cursor: found.cursor,
    };
  });
}

/**
 * The people on a page whose events do not name them (written before names were kept), named by
 * their profiles as they are now: one BatchGetItem, none when every person on the page is named.
 */
async function unnamedPeople(
  deps: Pick<AccessHistoryDeps, 'users'>,
  events: readonly AuditEventRecord[],
): Promise<ReadonlyMap<string, AccountName>> {
  const ids = events.filter((e) => e.actorName === null && actorOf(e.actorId).kind === 'person').map((e) => e.actorId);
  return ids.length > 0 ? deps.users.displayOf(ids) : new Map();
}
