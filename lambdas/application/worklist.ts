/**
 * The provider dashboard's worklist (issue 12 item 6; product-rules.md "Care management (CCM)"):
 * patients awaiting consent, check-ins due this week, open Emergent and Urgent summaries, and,
 * in the month's last days, patients a few clinical staff minutes short of a threshold, and
 * patients' open callback requests (oldest first).
 *
 * Requests, all Query or BatchGet, none a Scan: the organization (GetItem), its active patients
 * (Query, every page: about 1,500 patients a page), the cadences of its consented patients
 * (BatchGet, 100 a request), the Emergent and Urgent tabs of its all-time summary list (a Query
 * each, at most OPEN_SUMMARIES_READ entries), the open callback requests (Query, at most
 * OPEN_SUMMARIES_READ) and, in the window only, this month's patient-month
 * rows (Query, one partition).
 */
import { ccmCodes, MIN_CHRONIC_CONDITIONS, STAFF_THRESHOLDS } from '../../shared/ccm/billing';
import {
  CHECK_IN_DUE_DAYS,
  NEAR_THRESHOLD_LAST_DAYS,
  NEAR_THRESHOLD_MINUTES,
  OPEN_SUMMARIES_READ,
  WORKLIST_GROUP_CAP,
  type WorklistAnswer,
} from '../../shared/dashboard';
import { monthIn, todayIn } from '../../shared/time-preferences';
import type { Actor } from '../platform/actor';
import { organizationForActor } from './access';
import { audited } from './audit';
import { fail } from './errors';
import type {
  AuditLog,
  Clock,
  DashboardReadModel,
  OrganizationRepository,
  PatientRecord,
  PatientRepository,
} from './ports';
import { organizationSummaryScope } from './summary-scopes';

export interface WorklistDeps {
  organizations: OrganizationRepository;
  patients: PatientRepository;
  dashboard: DashboardReadModel;
  audit: AuditLog;
  clock: Clock;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first WORKLIST_GROUP_CAP items and how many more there are. */
export function capped<T>(items: readonly T[], complete = true) {
  return {
    items: items.slice(0, WORKLIST_GROUP_CAP),
    hidden: Math.max(0, items.length - WORKLIST_GROUP_CAP),
    complete,
  };
}

/** The first day of the month's last NEAR_THRESHOLD_LAST_DAYS days (YYYY-MM-DD). */
export function nearThresholdWindowStart(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return `${month}-${String(lastDay - NEAR_THRESHOLD_LAST_DAYS + 1).padStart(2, '0')}`;
}

/** The threshold (20, 40, 60) the minutes are at most NEAR_THRESHOLD_MINUTES short of, if any. */
export function nearThreshold(staffMinutes: number): number | null {
  return STAFF_THRESHOLDS.find((t) => staffMinutes < t && t - staffMinutes <= NEAR_THRESHOLD_MINUTES) ?? null;
}

/** Accepted consent and enough chronic conditions: more minutes would turn into a code. */
const couldBill = (p: PatientRecord) =>
  p.consent?.status === 'accepted' && (p.conditionCount ?? 0) >= MIN_CHRONIC_CONDITIONS;

const nameOf = (p: PatientRecord) => `${p.first_name} ${p.last_name}`.trim();

/** Not asked first (the ones to ask), then declined and withdrawn; newest first within each. */
const CONSENT_ORDER = { not_asked: 0, declined: 1, withdrawn: 2, accepted: 3 } as const;

export async function getWorklist(deps: WorklistDeps, actor: Actor): Promise<WorklistAnswer> {
  if (actor.role !== 'provider') throw fail('forbidden');
  const organizationId = actor.providerId ?? '';
  return audited(deps.audit, actor, 'worklist.read', { type: 'organization', id: organizationId }, async () => {
    const organization = await organizationForActor(deps, actor, organizationId);
    const now = deps.clock.now();
    const month = monthIn(organization.timezone, now);
    const today = todayIn(organization.timezone, now);
    const windowStarts = nearThresholdWindowStart(month);
    const inWindow = today >= windowStarts;
    const scope = organizationSummaryScope(organization.id, 'all');

    const [patients, emergent, urgent, callbacks, rows] = await Promise.all([
      deps.patients.listByOrganization(organization.id),
      deps.dashboard.openEscalations(scope, 'Emergent', OPEN_SUMMARIES_READ),
      deps.dashboard.openEscalations(scope, 'Urgent', OPEN_SUMMARIES_READ),
      deps.dashboard.openCallbacks(organization.id, OPEN_SUMMARIES_READ),
      inWindow ? deps.dashboard.monthRows(organization.id, month) : Promise.resolve([]),
    ]);
    const byId = new Map(patients.map((p) => [p.id, p]));
    const consented = patients.filter((p) => p.consent?.status === 'accepted');

    const awaiting = patients
      .filter((p) => p.consent?.status !== 'accepted')
      .map((p) => ({ patient: p, status: p.consent?.status ?? 'not_asked' }))
      .sort((a, b) => CONSENT_ORDER[a.status] - CONSENT_ORDER[b.status]);

    const dueBefore = new Date(now.getTime() + CHECK_IN_DUE_DAYS * DAY_MS).toISOString();
    const due = (await deps.dashboard.cadences(consented.map((p) => p.id)))
      .flatMap((c) => {
        const patient = byId.get(c.patientId);
        return patient && c.enabled && c.scheduledAt <= dueBefore ? [{ patient, at: c.scheduledAt }] : [];
      })
      .sort((a, b) => a.at.localeCompare(b.at));

    // Both levels newest first, Emergent before Urgent; an archived patient's summaries drop out.
    const open = [
      ...emergent.entries.map((entry) => ({ entry, level: 'Emergent' as const })),
      ...urgent.entries.map((entry) => ({ entry, level: 'Urgent' as const })),
    ].flatMap(({ entry, level }) => {
      const patient = byId.get(entry.patient_id);
      return patient ? [{ entry, level, patient }] : [];
    });

    const near = rows.flatMap((row) => {
      const patient = byId.get(row.patient_id);
      const threshold = nearThreshold(row.staff_minutes);
      if (!patient || threshold === null || !couldBill(patient)) return [];
      // A patient whose month is billed already, or who is complex at 60, needs nothing more.
      if (row.billed) return [];
      const { codes } = ccmCodes({
        consent: true,
        conditions: patient.conditionCount ?? 0,
        staffMinutes: row.staff_minutes,
        practitionerMinutes: row.practitioner_minutes,
        aiContacts: row.ai_contacts,
        aiMinutes: row.ai_minutes,
        complex: row.complex,
      });
      if (codes.some((c) => c.code === '99487')) return [];
      return [{ patient, row, threshold, needed: threshold - row.staff_minutes }];
    });
    near.sort((a, b) => a.needed - b.needed);

    return {
      month,
      awaiting_consent: capped(
        awaiting.map(({ patient, status }) => ({
          patient_id: patient.id,
          patient_name: nameOf(patient),
          consent_status: status,
          created_at: patient.created_at,
        })),
      ),
      check_ins_due: capped(
        due.map(({ patient, at }) => ({ patient_id: patient.id, patient_name: nameOf(patient), scheduled_at: at })),
      ),
      urgent_summaries: capped(
        open.map(({ entry, level, patient }) => ({
          call_id: entry.call_log_id,
          patient_id: patient.id,
          patient_name: nameOf(patient),
          escalation_level: level,
          status: entry.status,
          created_at: entry.created_at,
        })),
        !emergent.more && !urgent.more,
      ),
      callback_requests: capped(
        callbacks.callbacks.flatMap((c) => {
          // An archived patient's requests drop out with the patient.
          const patient = byId.get(c.patientId);
          return patient
            ? [
                {
                  patient_id: patient.id,
                  patient_name: nameOf(patient),
                  message_id: c.messageId,
                  created_at: c.createdAt,
                },
              ]
            : [];
        }),
        !callbacks.more,
      ),
      near_threshold: {
        ...capped(
          near.map(({ patient, row, threshold, needed }) => ({
            patient_id: patient.id,
            patient_name: nameOf(patient),
            staff_minutes: row.staff_minutes,
            threshold,
            minutes_needed: needed,
          })),
        ),
        window_starts: windowStarts,
        in_window: inWindow,
      },
    };
  });
}
