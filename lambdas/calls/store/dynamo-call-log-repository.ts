import type { EntityItem } from 'electrodb';
import type { TranscriptTurn } from '../../../shared/calls';
import { flagsFor, summaryStatusOf, tabsOf, type SummaryStatus } from '../../../shared/summaries';
import type { CallLogRecord, CallLogRepository, CallReport } from '../ports';
import type { DailyCap } from '../../organizations/ports';
import type { Page } from '../../kernel/ports';
import { summaryCounterScope, summaryScopes } from '../../summaries/summary-scopes';
import {
  COUNTER,
  GLOBAL_SCOPE,
  monthlyCounter,
  organizationScope,
} from '../../dashboard/store/dynamo-counter-repository';
import { isConditionFailure } from '../../organizations/store/dynamo-organization-repository';
import { batchGetAll } from '../../vendors/dynamodb/batch-get';
import { queryPage } from '../../vendors/dynamodb/paging';
import { chartsChanged } from '../../dashboard/store/chart-figures';
import { refusedAt, slotTaken, takeDailySlot } from '../../organizations/store/dynamo-daily-cap';
import type { CareLoopService } from '../../vendors/dynamodb/entities';

type CallLogItem = EntityItem<CareLoopService['entities']['callLog']>;

/** Failed-call reasons staff read on the patient page (never vendor text). */
const UNANSWERED_REASON = {
  no_answer: 'No answer',
  busy: 'Line busy',
  voicemail: 'Reached voicemail',
  failed: 'The call could not be completed',
} as const;

/**
 * Call logs on the single table. Every change that moves a counter or the patient's
 * one-call-at-a-time lock does so in the same transaction; conditions make each step happen once.
 */
export class DynamoCallLogRepository implements CallLogRepository {
  constructor(private readonly db: CareLoopService) {}

  async get(id: string): Promise<CallLogRecord | null> {
    const { data } = await this.db.entities.callLog.get({ call_log_id: id }).go();
    return data ? toRecord(data) : null;
  }

  async pageHistory(
    patientId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<CallLogRecord> | 'invalid_cursor'> {
    const query = this.db.entities.callLog.query
      .byPatient({ patient_id: patientId })
      .where(({ status }, { ne }) => ne(status, 'scheduled'));
    return records(await queryPage(query, limit, cursor));
  }

  async pageRecent(limit: number, cursor: string | null): Promise<Page<CallLogRecord> | 'invalid_cursor'> {
    return records(await queryPage(this.db.entities.callLog.query.byList({ list: 'placed' }), limit, cursor));
  }

  async pageScheduled(limit: number, cursor: string | null): Promise<Page<CallLogRecord> | 'invalid_cursor'> {
    return records(await queryPage(this.db.entities.callLog.query.byList({ list: 'scheduled' }), limit, cursor, 'asc'));
  }

  async listScheduled(limit: number): Promise<CallLogRecord[]> {
    const { data } = await this.db.entities.callLog.query
      .byList({ list: 'scheduled' })
      .go({ order: 'asc', limit, count: limit });
    return data.map(toRecord);
  }

  async listScheduledByPatient(patientId: string): Promise<CallLogRecord[]> {
    const { data } = await this.db.entities.callLog.query
      .byPatient({ patient_id: patientId })
      .where(({ status }, { eq }) => eq(status, 'scheduled'))
      .go({ pages: 'all' });
    return data.map(toRecord);
  }

  async createPlaced(
    log: CallLogRecord,
    cap: DailyCap,
    linkCallsSince?: string,
  ): Promise<'created' | 'conflict' | 'missing' | 'capped'> {
    const placedAt = log.placed_at ?? log.created_at;
    const result = await this.db.transaction
      .write(({ patient, callLog, openCall, counter, patientLinks }) => [
        patient
          .patch({ patient_id: log.patient_id })
          .set({ active_call_id: log.id })
          .where(
            ({ status, active_call_id }, { eq, notExists }) =>
              `${eq(status, 'active')} AND ${notExists(active_call_id)}`,
          )
          .commit(),
        callLog.create(callLogItem({ ...log, placed_at: placedAt }, 'placed', placedAt)).commit(),
        openCall.create({ shard: 'open', placed_at: placedAt, call_log_id: log.id }).commit(),
        counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.calls }).add({ value: 1 }).commit(),
        takeDailySlot(counter, cap),
        // One call per patient per window across all of the patient's call links.
        ...(linkCallsSince === undefined
          ? []
          : [
              patientLinks
                .update({ patient_id: log.patient_id })
                .set({ provider_id: log.provider_id, call_at: placedAt })
                .where(({ call_at }, { notExists, lt }) => `${notExists(call_at)} OR ${lt(call_at, linkCallsSince)}`)
                .commit(),
            ]),
      ])
      .go();
    if (!result.canceled) {
      slotTaken(cap);
      return 'created';
    }
    const { data } = await this.db.entities.patient.get({ patient_id: log.patient_id }).go();
    if (!data || data.status !== 'active') return 'missing';
    return refusedAt(result.data, 4) ? 'capped' : 'conflict';
  }

  async createScheduled(log: CallLogRecord): Promise<'created' | 'exists'> {
    const result = await this.db.transaction
      .write(({ callLog, counter }) => [
        callLog.create(callLogItem(log, 'scheduled', log.scheduled_at ?? log.created_at)).commit(),
        counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.scheduledCalls }).add({ value: 1 }).commit(),
      ])
      .go();
    return result.canceled ? 'exists' : 'created';
  }

  async claimScheduled(
    id: string,
    at: string,
    cap: DailyCap,
  ): Promise<'claimed' | 'not_pending' | 'conflict' | 'capped'> {
    const log = await this.get(id);
    if (!log || log.status !== 'scheduled') return 'not_pending';
    const result = await this.db.transaction
      .write(({ patient, callLog, openCall, counter }) => [
        callLog
          .patch({ call_log_id: id })
          .set({ status: 'queued', list: 'placed', list_at: at, placed_at: at, updated_at: at })
          .add({ version: 1 })
          .where(({ status }, { eq }) => eq(status, 'scheduled'))
          .commit(),
        patient
          .patch({ patient_id: log.patient_id })
          .set({ active_call_id: id })
          .where(
            ({ status, active_call_id }, { eq, notExists }) =>
              `${eq(status, 'active')} AND ${notExists(active_call_id)}`,
          )
          .commit(),
        openCall.create({ shard: 'open', placed_at: at, call_log_id: id }).commit(),
        counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.calls }).add({ value: 1 }).commit(),
        counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.scheduledCalls }).subtract({ value: 1 }).commit(),
        takeDailySlot(counter, cap),
      ])
      .go();
    if (!result.canceled) {
      slotTaken(cap);
      return 'claimed';
    }
    const again = await this.get(id);
    if (again?.status !== 'scheduled') return 'not_pending';
    return refusedAt(result.data, 5) ? 'capped' : 'conflict';
  }

  async reschedule(id: string, scheduledAt: string, at: string): Promise<void> {
    await this.db.entities.callLog
      .patch({ call_log_id: id })
      .set({ scheduled_at: scheduledAt, list: 'scheduled', list_at: scheduledAt, updated_at: at })
      .add({ version: 1 })
      .where(({ status }, { eq }) => eq(status, 'scheduled'))
      .go()
      .catch(ignoreConditionFailure);
  }

  async cancelScheduled(id: string, at: string): Promise<'cancelled' | 'not_pending'> {
    const result = await this.db.transaction
      .write(({ callLog, counter }) => [
        callLog
          .patch({ call_log_id: id })
          .set({ status: 'cancelled', outcome: 'cancelled', list: 'cancelled', list_at: at, updated_at: at })
          .add({ version: 1 })
          .where(({ status }, { eq }) => eq(status, 'scheduled'))
          .commit(),
        counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.scheduledCalls }).subtract({ value: 1 }).commit(),
      ])
      .go();
    return result.canceled ? 'not_pending' : 'cancelled';
  }

  async setVendorCallId(id: string, vendorCallId: string, at: string): Promise<void> {
    await this.db.entities.callLog
      .patch({ call_log_id: id })
      .set({ vendor_call_id: vendorCallId, updated_at: at })
      .go()
      .catch(ignoreConditionFailure);
  }

  async markInProgress(id: string, vendorCallId: string, at: string): Promise<'marked' | 'unchanged'> {
    try {
      await this.db.entities.callLog
        .patch({ call_log_id: id })
        .set({ status: 'in_progress', started_at: at, updated_at: at })
        .add({ version: 1 })
        .where(
          ({ status, vendor_call_id }, { eq }) => `${eq(status, 'queued')} AND ${eq(vendor_call_id, vendorCallId)}`,
        )
        .go();
      return 'marked';
    } catch (error) {
      ignoreConditionFailure(error);
      return 'unchanged';
    }
  }

  async markFailed(id: string, reason: string, at: string): Promise<void> {
    const log = await this.get(id);
    if (!log || (log.status !== 'queued' && log.status !== 'in_progress')) return;
    const result = await this.db.transaction
      .write(({ callLog, openCall }) => [
        callLog
          .patch({ call_log_id: id })
          .set({ status: 'failed', outcome: 'failed', failure_reason: reason, ended_at: at, updated_at: at })
          .add({ version: 1 })
          .where(
            ({ status, report_received_at }, { eq, notExists }) =>
              `(${eq(status, 'queued')} OR ${eq(status, 'in_progress')}) AND ${notExists(report_received_at)}`,
          )
          .commit(),
        ...(log.placed_at
          ? [openCall.delete({ shard: 'open', placed_at: log.placed_at, call_log_id: id }).commit()]
          : []),
      ])
      .go();
    if (!result.canceled) await this.releaseLock(log.patient_id, id);
  }

  async cancelQueued(id: string, at: string): Promise<'cancelled' | 'started'> {
    const log = await this.get(id);
    if (!log) return 'started';
    if (log.status === 'queued') {
      await this.db.transaction
        .write(({ callLog, openCall }) => [
          callLog
            .patch({ call_log_id: id })
            // Off the list of placed calls, as a cancelled scheduled call is: it never reached anyone.
            .set({
              status: 'cancelled',
              outcome: 'cancelled',
              list: 'cancelled',
              list_at: at,
              ended_at: at,
              updated_at: at,
            })
            .add({ version: 1 })
            .where(
              ({ status, report_received_at }, { eq, notExists }) =>
                `${eq(status, 'queued')} AND ${notExists(report_received_at)}`,
            )
            .commit(),
          ...(log.placed_at
            ? [openCall.delete({ shard: 'open', placed_at: log.placed_at, call_log_id: id }).commit()]
            : []),
        ])
        .go();
    }
    // Read again: a status update may have won the race, and a repeated cancel still frees the lock.
    const now = await this.get(id);
    if (now?.status !== 'cancelled') return 'started';
    await this.releaseLock(now.patient_id, id);
    return 'cancelled';
  }

  async storeReport(
    log: CallLogRecord,
    report: CallReport,
    month: string,
    at: string,
  ): Promise<CallLogRecord | 'duplicate'> {
    if (log.report_received_at) return 'duplicate';
    const id = log.id;
    const answered = report.outcome === 'answered';
    const duration = durationSeconds(report.startedAt, report.endedAt);
    const utcMonth = (report.endedAt ?? at).slice(0, 7);
    const summary = answered && report.summary?.trim() ? report.summary : null;
    const status = summaryStatusOf({ added_to_emr: false, success_evaluation: report.successEvaluation });
    const entry = summary
      ? {
          call_log_id: id,
          patient_id: log.patient_id,
          provider_id: log.provider_id,
          summary,
          status,
          escalation_level: report.escalationLevel,
          note_to_doctor: report.noteToDoctor ?? undefined,
          duration_seconds: duration ?? undefined,
          created_at: log.created_at,
          version: log.version + 1,
        }
      : null;
    const scopes = summaryScopes(log.provider_id, month, utcMonth);
    // An answered call, by phone or web, is one AI contact on the patient-month (CCM): documented,
    // never staff minutes. A web call speaks the care plan with the patient as a phone call does.
    const aiContact = answered;
    const result = await this.db.transaction
      .write(({ callLog, counter, summaryEntry, ccmMonth }) => [
        callLog
          .patch({ call_log_id: id })
          .set(
            defined({
              status: answered ? 'completed' : 'failed',
              outcome: report.outcome,
              started_at: report.startedAt ?? undefined,
              ended_at: report.endedAt ?? at,
              duration_seconds: duration ?? undefined,
              ended_reason: report.endedReason,
              failure_reason: answered ? undefined : reasonFor(report.outcome),
              transcript: report.transcript.length ? JSON.stringify(report.transcript) : undefined,
              summary: report.summary ?? undefined,
              escalation_level: answered ? report.escalationLevel : undefined,
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
          )
          .add({ version: 1 })
          // Only the call CareLoop placed as this Vapi call, once, while it runs (DECISIONS "Vendor trust").
          .where(
            ({ report_received_at, vendor_call_id, status }, { eq, notExists }) =>
              `${notExists(report_received_at)} AND ${eq(vendor_call_id, report.vendorCallId)} AND (${eq(status, 'queued')} OR ${eq(status, 'in_progress')})`,
          )
          .commit(),
        ...(entry
          ? scopes.flatMap((scope) =>
              tabsOf(entry.status, entry.escalation_level).flatMap((tab) => [
                summaryEntry.create({ ...entry, scope, tab }).commit(),
                counter
                  .update({ scope: summaryCounterScope(scope), name: tab })
                  .add({ value: 1 })
                  .commit(),
              ]),
            )
          : []),
        ...(answered
          ? [
              counter
                .update({ scope: organizationScope(log.provider_id), name: monthlyCounter('calls_completed', month) })
                .add({ value: 1 })
                .commit(),
              counter
                .update({ scope: GLOBAL_SCOPE, name: monthlyCounter('calls_completed', month) })
                .add({ value: 1 })
                .commit(),
            ]
          : []),
        // Counted once: the call log's condition above holds the whole transaction to one report.
        ...(aiContact
          ? [
              ccmMonth
                .update({ provider_id: log.provider_id, month, patient_id: log.patient_id })
                .add({ ai_contacts: 1, ai_minutes: Math.ceil((duration ?? 0) / 60) })
                .set({ updated_at: at })
                .commit(),
            ]
          : []),
      ])
      .go();
    if (result.canceled) return 'duplicate';
    await this.releaseLock(log.patient_id, id);
    if (aiContact) await chartsChanged(this.db, log.provider_id);
    return {
      ...log,
      status: answered ? 'completed' : 'failed',
      outcome: report.outcome,
      vendor_call_id: report.vendorCallId,
      started_at: report.startedAt ?? log.started_at,
      ended_at: report.endedAt ?? at,
      duration_seconds: duration ?? log.duration_seconds,
      ended_reason: report.endedReason,
      failure_reason: answered ? log.failure_reason : reasonFor(report.outcome),
      transcript: report.transcript.length ? report.transcript : log.transcript,
      summary: report.summary ?? log.summary,
      escalation_level: answered ? report.escalationLevel : log.escalation_level,
      note_to_doctor: report.noteToDoctor ?? log.note_to_doctor,
      success_evaluation: report.successEvaluation ?? log.success_evaluation,
      cost: report.cost ?? log.cost,
      report_received_at: at,
      updated_at: at,
      requires_followup: summary ? status === 'requires_followup' : log.requires_followup,
      summary_org_month: summary ? month : log.summary_org_month,
      summary_utc_month: summary ? utcMonth : log.summary_utc_month,
      stop_requested: report.stopCalls || log.stop_requested,
      version: log.version + 1,
    };
  }

  async setSummaryStatus(
    log: CallLogRecord,
    to: SummaryStatus,
    expectedVersion: number,
    at: string,
  ): Promise<CallLogRecord | 'conflict'> {
    if (!log.summary || !log.summary_org_month || !log.summary_utc_month) return 'conflict';
    const from = summaryStatusOf(log);
    const flags = flagsFor(to);
    const version = expectedVersion + 1;
    const scopes = summaryScopes(log.provider_id, log.summary_org_month, log.summary_utc_month);
    const key = { created_at: log.created_at, call_log_id: log.id };
    const level = log.escalation_level && log.escalation_level !== 'Normal' ? log.escalation_level : null;
    const entry = {
      ...key,
      patient_id: log.patient_id,
      provider_id: log.provider_id,
      summary: log.summary,
      status: to,
      escalation_level: log.escalation_level ?? undefined,
      note_to_doctor: log.note_to_doctor ?? undefined,
      duration_seconds: log.duration_seconds ?? undefined,
      version,
    };
    const result = await this.db.transaction
      .write(({ callLog, counter, summaryEntry }) => [
        callLog
          .patch({ call_log_id: log.id })
          .set({
            added_to_emr: flags.added_to_emr,
            requires_followup: flags.requires_followup,
            success_evaluation: flags.success_evaluation,
            updated_at: at,
          })
          .add({ version: 1 })
          .where(({ version: v }, { eq }) => eq(v, expectedVersion))
          .commit(),
        ...scopes.flatMap((scope) => [
          summaryEntry.delete({ scope, tab: from, ...key }).commit(),
          summaryEntry.create({ ...entry, scope, tab: to }).commit(),
          counter
            .update({ scope: summaryCounterScope(scope), name: from })
            .subtract({ value: 1 })
            .commit(),
          counter
            .update({ scope: summaryCounterScope(scope), name: to })
            .add({ value: 1 })
            .commit(),
          ...(level
            ? [
                summaryEntry
                  .patch({ scope, tab: level, ...key })
                  .set({ status: to, version })
                  .commit(),
              ]
            : []),
        ]),
      ])
      .go();
    if (result.canceled) return 'conflict';
    return {
      ...log,
      added_to_emr: flags.added_to_emr,
      requires_followup: flags.requires_followup,
      success_evaluation: flags.success_evaluation,
      updated_at: at,
      version,
    };
  }

  async markEventPublished(log: CallLogRecord, at: string): Promise<void> {
    await this.db.transaction
      .write(({ callLog, openCall }) => [
        callLog.patch({ call_log_id: log.id }).set({ event_published_at: at }).commit(),
        ...(log.placed_at
          ? [openCall.delete({ shard: 'open', placed_at: log.placed_at, call_log_id: log.id }).commit()]
          : []),
      ])
      .go();
  }

  async listStale(olderThan: string, limit: number): Promise<CallLogRecord[]> {
    const { data } = await this.db.entities.openCall.query
      .byPlacedAt({ shard: 'open' })
      .lt({ placed_at: olderThan })
      .go({ order: 'asc', limit, count: limit });
    if (data.length === 0) return [];
    const logs = await batchGetAll(
      (keys) => this.db.entities.callLog.get(keys).go(),
      data.map((o) => ({ call_log_id: o.call_log_id })),
    );
    return logs.map(toRecord);
  }

  /** Frees the patient for the next call, if this call still holds the lock. */
  private async releaseLock(patientId: string, callLogId: string): Promise<void> {
    await this.db.entities.patient
      .patch({ patient_id: patientId })
      .remove(['active_call_id'])
      .where(({ active_call_id }, { eq }) => eq(active_call_id, callLogId))
      .go()
      .catch(ignoreConditionFailure);
  }
}

function ignoreConditionFailure(error: unknown): void {
  if (!isConditionFailure(error)) throw error;
}

/** Drops undefined values: ElectroDB's set() must not be given them. */
function defined<T extends Record<string, unknown>>(values: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as never;
}

function reasonFor(outcome: CallReport['outcome']): string {
  return outcome === 'answered' || outcome === 'cancelled' ? UNANSWERED_REASON.failed : UNANSWERED_REASON[outcome];
}

/** Whole seconds between Vapi's startedAt and endedAt (the report has no duration field). */
export function durationSeconds(startedAt: string | null, endedAt: string | null): number | null {
  if (!startedAt || !endedAt) return null;
  const ms = Date.parse(endedAt) - Date.parse(startedAt);
  return Number.isFinite(ms) && ms >= 0 ? Math.round(ms / 1000) : null;
}

export function callLogItem(log: CallLogRecord, list: 'scheduled' | 'placed', listAt: string) {
  return defined({
    call_log_id: log.id,
    patient_id: log.patient_id,
    provider_id: log.provider_id,
    status: log.status,
    kind: log.kind,
    outcome: log.outcome ?? undefined,
    list,
    list_at: listAt,
    created_at: log.created_at,
    updated_at: log.updated_at,
    created_by: log.created_by,
    scheduled_at: log.scheduled_at ?? undefined,
    time_preference: log.time_preference ?? undefined,
    cycle_date: log.cycle_date ?? undefined,
    attempt: log.attempt,
    placed_at: log.placed_at ?? undefined,
    vendor_call_id: log.vendor_call_id ?? undefined,
    version: log.version,
  });
}

function parseTranscript(value: string | undefined): TranscriptTurn[] {
  if (!value) return [];
  try {
    const turns = JSON.parse(value) as unknown;
    return Array.isArray(turns) ? (turns as TranscriptTurn[]) : [];
  } catch {
    return [];
  }
}

const records = (page: Page<CallLogItem> | 'invalid_cursor'): Page<CallLogRecord> | 'invalid_cursor' =>
  page === 'invalid_cursor' ? page : { items: page.items.map(toRecord), cursor: page.cursor };

function toRecord(i: CallLogItem): CallLogRecord {
  return {
    id: i.call_log_id,
    patient_id: i.patient_id,
    provider_id: i.provider_id,
    status: i.status,
    kind: i.kind,
    outcome: i.outcome ?? null,
    created_at: i.created_at,
    updated_at: i.updated_at,
    created_by: i.created_by,
    scheduled_at: i.scheduled_at ?? null,
    time_preference: i.time_preference ?? null,
    cycle_date: i.cycle_date ?? null,
    attempt: i.attempt,
    placed_at: i.placed_at ?? null,
    vendor_call_id: i.vendor_call_id ?? null,
    started_at: i.started_at ?? null,
    ended_at: i.ended_at ?? null,
    duration_seconds: i.duration_seconds ?? null,
    ended_reason: i.ended_reason ?? null,
    failure_reason: i.failure_reason ?? null,
    transcript: parseTranscript(i.transcript),
    summary: i.summary ?? null,
    escalation_level: i.escalation_level ?? null,
    note_to_doctor: i.note_to_doctor ?? null,
    success_evaluation: i.success_evaluation ?? null,
    cost: i.cost ?? null,
    report_received_at: i.report_received_at ?? null,
    event_published_at: i.event_published_at ?? null,
    added_to_emr: i.added_to_emr ?? false,
    requires_followup: i.requires_followup ?? false,
    summary_org_month: i.summary_org_month ?? null,
    summary_utc_month: i.summary_utc_month ?? null,
    stop_requested: i.stop_requested ?? false,
    version: i.version,
  };
}
