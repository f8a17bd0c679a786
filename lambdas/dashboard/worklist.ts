/**
 * The provider dashboard's worklist (issue 12 item 6; product-rules.md "Care management (CCM)"):
 * patients awaiting consent, check-ins due this week, open Emergent and Urgent summaries, and,
 * in the month's last days, patients a few clinical staff minutes short of a threshold,
 * patients' open callback requests (oldest first), patients whose latest reading of some measure
 * missed its care-plan target (DECISIONS "Observations"), and patients interested in enrolling (DECISIONS
 * "Enrollment": staff call them and record consent).
 *
 * Requests, all Query, Get or BatchGet, none a Scan, and none reading the whole practice: together,
 * the organization (GetItem, joined with the standing check's profile and the next count into one
 * BatchGet), the first WORKLIST_GROUP_CAP patients awaiting consent (Query of their read model)
 * with their count (GetItem), the pending monthly check-ins due (Query, at most WORKLIST_READ), the
 * Emergent and Urgent tabs of the all-time summary list (a Query each, at most WORKLIST_READ), the
 * open callback requests and the patients interested in enrolling (a Query each, at most
 * WORKLIST_READ), the readings outside target (a Query, at most WORKLIST_READ) and, when the
 * month's window may be open, its patient-month rows (Query, one partition); then the patients
 * these name (BatchGet, 100 a request), for their names, consent and whether they are still active;
 * then the audit events (the page's patients are known only from their records).
 */
import { ccmCodes, MIN_CHRONIC_CONDITIONS, STAFF_THRESHOLDS } from '../../shared/ccm/billing';
import {
  CHECK_IN_DUE_DAYS,
  NEAR_THRESHOLD_LAST_DAYS,
  NEAR_THRESHOLD_MINUTES,
  WORKLIST_GROUP_CAP,
  WORKLIST_READ,
  type WorklistAnswer,
} from '../../shared/dashboard';
import { monthIn, todayIn } from '../../shared/time-preferences';
import type { Actor } from '../kernel/actor';
import { organizationBeside } from '../kernel/access';
import { audited } from '../kernel/audit';
import { fail } from '../kernel/error-catalogue';
import type { AuditLog } from '../kernel/audit-entry';
import type { Clock } from '../kernel/ports';
import type { DashboardReadModel, OrganizationReader, PatientReader, ReadingAlert } from './ports';
import type { PatientRecord } from '../kernel/records/patient';
import { organizationSummaryScope } from '../kernel/read-models/summary-scopes';

export interface WorklistDeps {
  organizations: OrganizationReader;
  patients: PatientReader;
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

/** A day's first moment behind UTC (UTC−12) and the last ahead (UTC+14): every zone's "today" lies between. */
const EARLIEST_ZONE_MS = -12 * 60 * 60 * 1000;
const LATEST_ZONE_MS = 14 * 60 * 60 * 1000;

/**
 * The months whose near-threshold window may be open now somewhere between UTC−12 and UTC+14:
 * their patient-month rows can be read beside the organization, before its own zone is known, and
 * the one of its zone kept. Mostly one month or none; two only when it is the month's last hours in
 * one zone and the next month's first in another, and then the new one's window is closed.
 */
export function monthsMaybeInWindow(now: Date): string[] {
  const days = [EARLIEST_ZONE_MS, 0, LATEST_ZONE_MS].map((offset) =>
    new Date(now.getTime() + offset).toISOString().slice(0, 10),
  );
  const months = days.filter((day) => day >= nearThresholdWindowStart(day.slice(0, 7))).map((day) => day.slice(0, 7));
  return [...new Set(months)];
}

/** The threshold (20, 40, 60) the minutes are at most NEAR_THRESHOLD_MINUTES short of, if any. */
export function nearThreshold(staffMinutes: number): number | null {
  return STAFF_THRESHOLDS.find((t) => staffMinutes < t && t - staffMinutes <= NEAR_THRESHOLD_MINUTES) ?? null;
}

/** Accepted consent and enough chronic conditions: more minutes would turn into a code. */
const couldBill = (p: PatientRecord) =>
  p.consent?.status === 'accepted' && (p.conditionCount ?? 0) >= MIN_CHRONIC_CONDITIONS;

const nameOf = (p: PatientRecord) => `${p.first_name} ${p.last_name}`.trim();

/** Readings outside target by patient, the patient of the newest reading first. */
export function alertsByPatient(alerts: readonly ReadingAlert[]) {
  const byPatient = new Map<string, { patientId: string; readings: string[]; callLogId: string; observedAt: string }>();
  for (const a of alerts) {
    const seen = byPatient.get(a.patientId);
    if (!seen) {
      byPatient.set(a.patientId, {
        patientId: a.patientId,
        readings: [a.note],
        callLogId: a.callLogId,
        observedAt: a.observedAt,
      });
      continue;
    }
    seen.readings.push(a.note);
    if (a.observedAt > seen.observedAt) Object.assign(seen, { callLogId: a.callLogId, observedAt: a.observedAt });
  }
  return [...byPatient.values()].sort((a, b) => b.observedAt.localeCompare(a.observedAt));
}

export async function getWorklist(deps: WorklistDeps, actor: Actor): Promise<WorklistAnswer> {
  if (actor.role !== 'provider') throw fail('forbidden');
  const organizationId = actor.providerId ?? '';
  const subject = { type: 'organization', id: organizationId } as const;
  return audited(deps.audit, actor, 'worklist.read', subject, async (_about, disclose) => {
    const now = deps.clock.now();
    const scope = organizationSummaryScope(organizationId, 'all');
    const dueBefore = new Date(now.getTime() + CHECK_IN_DUE_DAYS * DAY_MS).toISOString();
    // Every group is read beside the organization (one wave, not two): none needs the organization's
    // record but the patient-month rows, whose month is its zone's; those of each month that may be
    // in its window are read, and the zone's kept.
    const maybeInWindow = monthsMaybeInWindow(now);
    const [organization, [awaiting, due, emergent, urgent, callbacks, interested, alerts, rowsByMonth]] =
      await organizationBeside(deps, actor, organizationId, () =>
        Promise.all([
          deps.dashboard.awaitingConsent(organizationId, WORKLIST_GROUP_CAP),
          deps.dashboard.dueCheckIns(organizationId, dueBefore, WORKLIST_READ),
          deps.dashboard.openEscalations(scope, 'Emergent', WORKLIST_READ),
          deps.dashboard.openEscalations(scope, 'Urgent', WORKLIST_READ),
          deps.dashboard.openCallbacks(organizationId, WORKLIST_READ),
          deps.dashboard.interested(organizationId, WORKLIST_READ),
          deps.dashboard.readingAlerts(organizationId, WORKLIST_READ),
          Promise.all(maybeInWindow.map((m) => deps.dashboard.monthRows(organizationId, m))),
        ]),
      );
    const month = monthIn(organization.timezone, now);
    const today = todayIn(organization.timezone, now);
    const windowStarts = nearThresholdWindowStart(month);
    const inWindow = today >= windowStarts;
    const early = rowsByMonth[maybeInWindow.indexOf(month)];
    // The zone's month was among those read whenever its window is open; read it now should it not be.
    const monthRows = !inWindow ? [] : (early ?? (await deps.dashboard.monthRows(organization.id, month)));
    const outside = alertsByPatient(alerts.items);
    // Only rows a few minutes short of a threshold can be listed: their patients are read, no others.
    const rows = monthRows.filter((row) => !row.billed && nearThreshold(row.staff_minutes) !== null);
    const named = await deps.patients.getMany([
      ...awaiting.items.map((a) => a.patientId),
      ...due.items.map((c) => c.patientId),
      ...emergent.entries.map((e) => e.patient_id),
      ...urgent.entries.map((e) => e.patient_id),
      ...callbacks.callbacks.map((c) => c.patientId),
      ...rows.map((r) => r.patient_id),
      ...interested.items.map((i) => i.patientId),
      ...outside.map((o) => o.patientId),
    ]);
    // An archived patient, or one of another organization, drops out of every group.
    const byId = new Map(
      named.filter((p) => p.status === 'active' && p.provider_id === organization.id).map((p) => [p.id, p]),
    );

    // The patient's own consent decides: its item is written in the same transaction, so they agree.
    const awaitingShown = awaiting.items.flatMap((a) => {
      const patient = byId.get(a.patientId);
      const status = patient?.consent?.status ?? 'not_asked';
      return patient && status !== 'accepted' ? [{ patient, status, createdAt: a.createdAt }] : [];
    });

    // A patient's soonest pending check-in; only consented patients' check-ins are due.
    const seen = new Set<string>();
    const dueShown = due.items.flatMap((c) => {
      const patient = byId.get(c.patientId);
      if (!patient || patient.consent?.status !== 'accepted' || seen.has(patient.id)) return [];
      seen.add(patient.id);
      return [{ patient, at: c.scheduledAt }];
    });

    // Emergency callbacks first (soonest deadline first: a transfer nobody answered), then both
    // levels newest first, Emergent before Urgent.
    const open = [
      ...emergent.entries.map((entry) => ({ entry, level: 'Emergent' as const })),
      ...urgent.entries.map((entry) => ({ entry, level: 'Urgent' as const })),
    ].flatMap(({ entry, level }) => {
      const patient = byId.get(entry.patient_id);
      return patient ? [{ entry, level, patient }] : [];
    });
    const callbacksFirst = open
      .filter((o) => o.entry.callback_due_at)
      .sort((a, b) => (a.entry.callback_due_at ?? '').localeCompare(b.entry.callback_due_at ?? ''));

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

    const worklist: WorklistAnswer = {
      month,
      awaiting_consent: {
        items: awaitingShown.map(({ patient, status, createdAt }) => ({
          patient_id: patient.id,
          patient_name: nameOf(patient),
          consent_status: status,
          created_at: createdAt,
        })),
        hidden: Math.max(0, awaiting.total - awaiting.items.length),
        complete: true,
      },
      // Still interested as the patient reads: staff recording consent moves it on in its transaction.
      interested_in_enrolling: capped(
        interested.items.flatMap((i) => {
          const patient = byId.get(i.patientId);
          return patient?.enrollmentStage === 'interested'
            ? [{ patient_id: patient.id, patient_name: nameOf(patient), entered_at: i.enteredAt }]
            : [];
        }),
        !interested.more,
      ),
      check_ins_due: capped(
        dueShown.map(({ patient, at }) => ({
          patient_id: patient.id,
          patient_name: nameOf(patient),
          scheduled_at: at,
        })),
        !due.more,
      ),
      urgent_summaries: capped(
        [...callbacksFirst, ...open.filter((o) => !o.entry.callback_due_at)].map(({ entry, level, patient }) => ({
          call_id: entry.call_log_id,
          patient_id: patient.id,
          patient_name: nameOf(patient),
          escalation_level: level,
          status: entry.status,
          created_at: entry.created_at,
          callback_due_at: entry.callback_due_at ?? null,
        })),
        !emergent.more && !urgent.more,
      ),
      callback_requests: capped(
        callbacks.callbacks.flatMap((c) => {
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
      readings_outside_target: capped(
        outside.flatMap((o) => {
          const patient = byId.get(o.patientId);
          return patient
            ? [
                {
                  patient_id: patient.id,
                  patient_name: nameOf(patient),
                  readings: o.readings,
                  call_id: o.callLogId,
                  observed_at: o.observedAt,
                },
              ]
            : [];
        }),
        !alerts.more,
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
    const shown = [
      worklist.awaiting_consent.items,
      worklist.interested_in_enrolling.items,
      worklist.check_ins_due.items,
      worklist.urgent_summaries.items,
      worklist.callback_requests.items,
      worklist.readings_outside_target.items,
      worklist.near_threshold.items,
    ].flatMap((items) => items.map((i) => i.patient_id));
    disclose(shown);
    return worklist;
  });
}
