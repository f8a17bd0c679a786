/**
 * What Vapi's end-of-call report means for CareLoop's records (docs/architecture.md "Writes as
 * plans"): the call log completed or failed, the summary's list entries and their counters, the
 * month's completed calls, the AI contact on the patient-month (CCM), the call line it held given
 * back and the patient's call lock released — written in one transaction, on the condition that this
 * is the call placed as the reporting Vapi call and that it is still running. The charts' version
 * moves once the `call.completed` event is out (eventPublishedPlan), not in this transaction.
 */
import { summaryStatusOf, tabsOf } from '../../shared/values/summaries';
import { counterAdd, GLOBAL_SCOPE, monthlyCounter, organizationScope } from '../kernel/read-models/counters';
import { definedValues, type ItemWrite, type WritePlan } from '../kernel/write-plan';
import { lockReleaseWrite } from './call-plans';
import { summaryCounterScope, summaryScopes } from '../kernel/read-models/summary-scopes';
import { MEASURES } from '../../shared/observations/measures';
import {
  escalationWithReadings,
  missedTarget,
  missedTargetNote,
  TARGET_MEASURES,
  type MeasureTarget,
  type ObservedValue,
} from '../../shared/observations/rules';
import type { CallReport } from './ports';
import { auditEventWrite } from '../kernel/audit-event-item';
import { lineReleaseWrites } from '../kernel/read-models/call-lines';
import type { AuditEvent } from '../kernel/audit-entry';
import type { CallLogRecord, CallTransfer } from '../kernel/records/call-log';
import { toE164 } from '../../shared/phone';
import { callbackDueAt } from '../../shared/warm-transfer';

/** Failed-call reasons staff read on the patient page (never vendor text). */
const UNANSWERED_REASON = {
  no_answer: 'No answer',
  busy: 'Line busy',
  voicemail: 'Reached voicemail',
  failed: 'The call could not be completed',
} as const;

export function failureReasonOf(outcome: CallReport['outcome']): string {
  return outcome === 'answered' || outcome === 'cancelled' ? UNANSWERED_REASON.failed : UNANSWERED_REASON[outcome];
}

/** Whole seconds between Vapi's startedAt and endedAt (the report has no duration field). */
export function durationSeconds(startedAt: string | null, endedAt: string | null): number | null {
  if (!startedAt || !endedAt) return null;
  const ms = Date.parse(endedAt) - Date.parse(startedAt);
  return Number.isFinite(ms) && ms >= 0 ? Math.round(ms / 1000) : null;
}

/** One reading of the call as its observation item: coded, with its unit, time and the call it came from. */
function observationWrite(log: CallLogRecord, observed: ObservedValue, observedAt: string, at: string): ItemWrite {
  const { loinc, unit } = MEASURES[observed.measure];
  return {
    op: 'create',
    entity: 'observation',
    item: {
      patient_id: log.patient_id,
      provider_id: log.provider_id,
      code: loinc,
      measure: observed.measure,
      value: observed.value,
      unit,
      observed_at: observedAt,
      call_log_id: log.id,
      source: observed.source,
      created_at: at,
    },
  };
}

/**
 * The worklist's "Readings outside target" items of the call's readings (docs/access-patterns.md):
 * a measure whose latest reading misses its target is put (replacing an older one), one back in
 * target (or no longer targeted) is deleted, and a measure not read keeps its item. The last
 * reading of a measure decides; at most one write per measure of TARGET_MEASURES.
 */
export function readingAlertWrites(
  log: CallLogRecord,
  observations: readonly ObservedValue[],
  targets: readonly MeasureTarget[],
  observedAt: string,
): ItemWrite[] {
  const targeted = new Set<string>(TARGET_MEASURES);
  const latest = new Map(observations.filter((o) => targeted.has(o.measure)).map((o) => [o.measure, o]));
  return [...latest.values()].map((observed): ItemWrite => {
    const key = { provider_id: log.provider_id, patient_id: log.patient_id, measure: observed.measure };
    const target = missedTarget(observed, targets);
    return target
      ? {
          op: 'put',
          entity: 'readingAlert',
          item: { ...key, note: missedTargetNote(observed, target), call_log_id: log.id, observed_at: observedAt },
        }
      : { op: 'delete', entity: 'readingAlert', key };
  });
}

/** The summary of an emergent call whose transfer nobody took, when Vapi's analysis brought none. */
export const UNANSWERED_TRANSFER_SUMMARY =
  'Emergent check-in: the transfer to the on-call number was not answered. Call the patient back.';

/**
 * The report's transfer as the call log keeps it, only when it went to the on-call number this call
 * was given (DECISIONS "Vendor trust"): a transfer to any other number, or on a call that was
 * offered none, is not CareLoop's and is not recorded. Vapi's record has no time: the call's end is it.
 */
export function transferRecordOf(log: CallLogRecord, report: CallReport, at: string): CallTransfer | null {
  const offered = log.transfer_offered_to ?? null;
  const reported = report.transfer ?? null;
  if (!offered || !reported) return null;
  if (reported.to !== null && toE164(reported.to) !== offered) return null;
  return { to: offered, status: reported.status, at: report.endedAt ?? at };
}

/** The patient's call lock was not this call's when the report's transaction ran. */
export type LockNotHeld = 'lock_not_held';

/**
 * The patient freed for the next call, in the report's own transaction. Every placing takes the lock
 * with the call (kernel/call-log-writes.ts, claimPlan), so a running call holds it; the refusal
 * names the rare call that does not (the patient gone), whose report is then stored without it.
 */
export function reportLockRelease(log: Pick<CallLogRecord, 'id' | 'patient_id'>): ItemWrite<LockNotHeld> {
  return { ...lockReleaseWrite(log.patient_id, log.id), refusal: 'lock_not_held' };
}

/** The report's plan without its lock release (refused as `lock_not_held`, or written by another write of the patient). */
export function withoutLockRelease(plan: WritePlan<LockNotHeld>): WritePlan {
  return {
    transaction: plan.transaction.filter((write) => write.refusal !== 'lock_not_held') as ItemWrite[],
    afterCommit: plan.afterCommit,
  };
}

/**
 * The report's plan with the writes of an enrollment answer's move (enrollmentAnswerWrites), in one
 * transaction. A transaction writes an item once: when the move writes the patient, that one write
 * also releases the call's lock, on the lock's condition beside the move's, and answers the move's
 * refusal. A running call holds its lock (see reportLockRelease), so the joined write is refused
 * when the patient moved, as the move alone would be.
 */
export function joinedWithMove<R extends string>(
  plan: WritePlan<LockNotHeld>,
  move: WritePlan<R>,
  log: Pick<CallLogRecord, 'id' | 'patient_id'>,
): WritePlan<R | LockNotHeld> {
  const writesPatient = (write: ItemWrite<R>) =>
    write.op === 'patch' && write.entity === 'patient' && write.key.patient_id === log.patient_id;
  if (!move.transaction.some(writesPatient)) {
    return {
      transaction: [...plan.transaction, ...move.transaction],
      afterCommit: [...plan.afterCommit, ...move.afterCommit],
    };
  }
  const releasing = move.transaction.map((write): ItemWrite<R> =>
    write.op === 'patch' && writesPatient(write)
      ? {
          ...write,
          remove: [...(write.remove ?? []), 'active_call_id'],
          when: { ...write.when, equal: { ...write.when?.equal, active_call_id: log.id } },
        }
      : write,
  );
  const report = withoutLockRelease(plan);
  return {
    transaction: [...report.transaction, ...releasing],
    afterCommit: [...report.afterCommit, ...move.afterCommit],
  };
}

/**
 * The plan that stores one report on its call log, and the call log as it then reads. `month` is the
 * organization's month of the call's end; a call that was not answered yields no summary, counts
 * no completed call and no AI contact. `audit` (the system actor's `call.report_store` event) is
 * written in the same transaction, so a stored report is always in the patient's history. Each
 * reading is stored as an observation in the same transaction, and the readings weigh on the
 * escalation: outside the care plan's `targets`, at least Urgent; PHQ-9 item 9, Emergent
 * (DECISIONS "Observations"), with a note naming each reading that raised it, and the patient
 * enters or leaves the worklist's readings outside target (`readingAlertWrites`). The patient's call
 * lock is released in it too (`reportLockRelease`).
 */
export function reportPlan(
  log: CallLogRecord,
  reported: CallReport,
  month: string,
  at: string,
  audit: AuditEvent,
  targets: readonly MeasureTarget[] = [],
): { plan: WritePlan<LockNotHeld>; stored: CallLogRecord } {
  const id = log.id;
  const answered = reported.outcome === 'answered';
  const observations = answered ? reported.observations : [];
  const weighed = escalationWithReadings(reported.escalationLevel, observations, targets);
  const report: CallReport = weighed.notes.length
    ? {
        ...reported,
        escalationLevel: weighed.level,
        noteToDoctor: [reported.noteToDoctor?.trim(), `Readings: ${weighed.notes.join('; ')}.`]
          .filter(Boolean)
          .join('\n'),
      }
    : reported;
  const duration = durationSeconds(report.startedAt, report.endedAt);
  const utcMonth = (report.endedAt ?? at).slice(0, 7);
  // An enrollment call asks for interest, not about health: it has no summary to review and is no
  // care-management contact (the patient has not consented); its answer moves the funnel instead.
  const enrollment = log.kind === 'enrollment';
  const transfer = answered && !enrollment ? transferRecordOf(log, report, at) : null;
  // A transfer nobody took leaves a callback due within the hour, listed with the emergent summary.
  const callbackDue = transfer && transfer.status !== 'answered' ? callbackDueAt(transfer.at) : undefined;
  const summary =
    answered && !enrollment && report.summary?.trim()
      ? report.summary
      : callbackDue
        ? UNANSWERED_TRANSFER_SUMMARY
        : null;
  const status = summaryStatusOf({ added_to_emr: false, success_evaluation: report.successEvaluation });
  const failureReason = answered ? null : failureReasonOf(report.outcome);

  const callLog: ItemWrite = {
    op: 'patch',
    entity: 'callLog',
    key: { call_log_id: id },
    set: definedValues({
      status: answered ? 'completed' : 'failed',
      outcome: report.outcome,
      started_at: report.startedAt ?? undefined,
      ended_at: report.endedAt ?? at,
      duration_seconds: duration ?? undefined,
      ended_reason: report.endedReason,
      failure_reason: failureReason ?? undefined,
      transcript: report.transcript.length ? JSON.stringify(report.transcript) : undefined,
      summary: summary ?? report.summary ?? undefined,
      escalation_level: answered ? report.escalationLevel : undefined,
      transfer: transfer ?? undefined,
      note_to_doctor: report.noteToDoctor ?? undefined,
      success_evaluation: report.successEvaluation ?? undefined,
      cost: report.cost ?? undefined,
      report_received_at: at,
      updated_at: at,
      requires_followup: summary ? status === 'requires_followup' : undefined,
      added_to_emr: summary ? false : undefined,
      summary_org_month: summary ? month : undefined,
      summary_utc_month: summary ? utcMonth : undefined,
      stop_requested: report.stopCalls || undefined,
    }),
    add: { version: 1 },
    // Its call line is given back (call-lines.ts): the condition below holds once.
    remove: ['slot_taken_at'],
    // Only the call CareLoop placed as this Vapi call, once, while it runs (DECISIONS "Vendor trust").
    // It also holds the whole transaction to one report: the counters below move once.
    when: {
      missing: ['report_received_at'],
      equal: { vendor_call_id: report.vendorCallId },
      oneOf: { status: ['queued', 'in_progress'] },
    },
  };

  const summaryWrites: ItemWrite[] = summary
    ? summaryScopes(log.provider_id, month, utcMonth).flatMap((scope) =>
        tabsOf(status, report.escalationLevel).flatMap((tab): ItemWrite[] => [
          {
            op: 'create',
            entity: 'summaryEntry',
            item: definedValues({
              call_log_id: id,
              patient_id: log.patient_id,
              provider_id: log.provider_id,
              summary,
              status,
              escalation_level: report.escalationLevel,
              note_to_doctor: report.noteToDoctor ?? undefined,
              duration_seconds: duration ?? undefined,
              callback_due_at: callbackDue,
              created_at: log.created_at,
              version: log.version + 1,
              scope,
              tab,
            }),
          },
          counterAdd(summaryCounterScope(scope), tab),
        ]),
      )
    : [];

  // An answered call, by phone or web, is one AI contact on the patient-month (CCM): documented,
  // never staff minutes. A web call speaks the care plan with the patient as a phone call does.
  const answeredWrites: ItemWrite[] = answered
    ? [
        counterAdd(organizationScope(log.provider_id), monthlyCounter('calls_completed', month)),
        counterAdd(GLOBAL_SCOPE, monthlyCounter('calls_completed', month)),
      ]
    : [];
  const contactWrites: ItemWrite[] =
    answered && !enrollment
      ? [
          {
            op: 'upsert',
            entity: 'ccmMonth',
            key: { provider_id: log.provider_id, month, patient_id: log.patient_id },
            add: { ai_contacts: 1, ai_minutes: Math.ceil((duration ?? 0) / 60) },
            set: { updated_at: at },
          },
        ]
      : [];

  return {
    plan: {
      // The call log's write comes first: when it is refused (a replay, another call), its refusal
      // is the plan's, whatever else would have been refused.
      transaction: [
        callLog,
        ...lineReleaseWrites(log),
        reportLockRelease(log),
        auditEventWrite(audit),
        ...summaryWrites,
        ...answeredWrites,
        ...contactWrites,
        ...observations.map((observed) => observationWrite(log, observed, report.endedAt ?? at, at)),
        ...readingAlertWrites(log, observations, targets, report.endedAt ?? at),
      ],
      afterCommit: [],
    },
    stored: {
      ...log,
      status: answered ? 'completed' : 'failed',
      outcome: report.outcome,
      vendor_call_id: report.vendorCallId,
      started_at: report.startedAt ?? log.started_at,
      ended_at: report.endedAt ?? at,
      duration_seconds: duration ?? log.duration_seconds,
      ended_reason: report.endedReason,
      failure_reason: failureReason ?? log.failure_reason,
      transcript: report.transcript.length ? report.transcript : log.transcript,
      summary: summary ?? report.summary ?? log.summary,
      transfer: transfer ?? log.transfer ?? null,
      escalation_level: answered ? report.escalationLevel : log.escalation_level,
      note_to_doctor: report.noteToDoctor ?? log.note_to_doctor,
      success_evaluation: report.successEvaluation ?? log.success_evaluation,
      cost: report.cost ?? log.cost,
      slot_taken_at: null,
      report_received_at: at,
      updated_at: at,
      requires_followup: summary ? status === 'requires_followup' : log.requires_followup,
      summary_org_month: summary ? month : log.summary_org_month,
      summary_utc_month: summary ? utcMonth : log.summary_utc_month,
      stop_requested: report.stopCalls || log.stop_requested,
      version: log.version + 1,
    },
  };
}
