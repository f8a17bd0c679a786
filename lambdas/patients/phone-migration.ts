/**
 * Re-writes stored patients' numbers in E.164 (job: migrate-phones): numbers saved before input was
 * normalized (`8135550142`, `(813) 555-0142`) cannot be called by Vapi and miss opt-out matches.
 * Every patient of every organization, active or archived, is read a page at a time (Queries only);
 * a number that normalizes to another form is re-written conditional on the number as read; one
 * that cannot be normalized (not a number of a served country) is left as it is and counted, and
 * only its patient id is logged. After one run a run changes nothing.
 */
import { normalizePhone } from '../../shared/phone';
import { logger } from '../kernel/observability';
import { systemActorId } from '../kernel/audit-actors';
import type { AuditEvent } from '../kernel/audit-entry';
import type { Clock, Ids, Page } from '../kernel/ports';
import type { PhoneMigration } from './ports';
import { phoneRewritePlan } from './phone-plan';
import type { WriteCommitter } from '../kernel/write-plan';

export interface PhoneMigrationDeps {
  phones: PhoneMigration;
  committer: WriteCommitter;
  clock: Clock;
  ids: Ids;
  /** The served calling codes (PHONE_CALLING_CODES). */
  callingCodes: readonly string[];
}

export interface PhoneMigrationResult {
  /** Patients with a number, looked at. */
  patients: number;
  rewritten: number;
  /** Already canonical: nothing written. */
  canonical: number;
  /** Changed by someone else while the job looked at it (that write normalized it). */
  changed: number;
  /** Left as stored: not a number of a served country. */
  unreadable: number;
}

const STATUSES = ['active', 'archived'] as const;
/** Writes at most this many at once. */
const WIDTH = 8;

export async function migratePhones(deps: PhoneMigrationDeps): Promise<PhoneMigrationResult> {
  const result: PhoneMigrationResult = { patients: 0, rewritten: 0, canonical: 0, changed: 0, unreadable: 0 };
  for (const organizationStatus of STATUSES) {
    await eachPage(
      (cursor) => deps.phones.pageOrganizations(organizationStatus, cursor),
      async (organizationId) => {
        for (const status of STATUSES) {
          await eachPage(
            (cursor) => deps.phones.pagePhones(organizationId, status, cursor),
            async ({ patientId, phone }) => {
              result.patients += 1;
              const canonical = normalizePhone(phone, deps.callingCodes);
              if (canonical === null) {
                result.unreadable += 1;
                logger.warn('phone number left as stored', { patientId, code: 'phone.unreadable' });
              } else if (canonical === phone) {
                result.canonical += 1;
              } else if (
                (await deps.committer.commit(
                  phoneRewritePlan(patientId, phone, canonical, rewriteEvent(deps, organizationId, patientId)),
                )) === 'committed'
              ) {
                result.rewritten += 1;
              } else {
                result.changed += 1;
              }
            },
          );
        }
      },
    );
  }
  return result;
}

/** The audit event of one re-written number: the job is the actor (DECISIONS "Audit trail": jobs write as a system actor). */
function rewriteEvent(deps: PhoneMigrationDeps, organizationId: string, patientId: string): AuditEvent {
  return {
    id: deps.ids.newId(),
    at: deps.clock.now().toISOString(),
    actorId: systemActorId('migrate-phones'),
    actorRole: null,
    actorProviderId: organizationId,
    action: 'patient.phone_normalize',
    subject: { type: 'patient', id: patientId },
    patientId,
    outcome: 'success',
  };
}

/** Runs `work` on every item of every page, WIDTH at a time. */
async function eachPage<T>(read: (cursor: string | null) => Promise<Page<T>>, work: (item: T) => Promise<void>) {
  let cursor: string | null = null;
  do {
    const page: Page<T> = await read(cursor);
    for (let i = 0; i < page.items.length; i += WIDTH) await Promise.all(page.items.slice(i, i + WIDTH).map(work));
    cursor = page.cursor;
  } while (cursor);
}
