/**
 * What happens to a call after it is placed: Vapi's webhooks, the scheduled placement, the
 * reconciler, the next monthly check-in, and cancellation on archive. Every step is idempotent
 * by call log id: a webhook replayed, a schedule fired twice or an event delivered twice changes
 * nothing the second time.
 */
import { MAX_CHECK_IN_RETRIES, UNANSWERED_OUTCOMES } from '../../shared/values/calls';
import { callWindowEnd, isInsideDueWindow, nextCallWindowTime, sameWindowNextDay } from '../../shared/call-times';
import { lineLimit } from '../../shared/values/call-lines';
import { monthIn } from '../../shared/time-preferences';
import type { CallSignals, UnmatchedReason } from './call-metrics';
import {
  failCall,
  failPlacement,
  handToVapi,
  scheduleNextCheckIn,
  type CallLineDeps,
  type PlacingDeps,
  type SchedulingDeps,
} from './call-placing';
import {
  cadenceOffPlan,
  callsStoppedPlan,
  cancelScheduledPlan,
  claimPlan,
  eventPublishedPlan,
  inProgressPlan,
  reschedulePlan,
  unclaimPlan,
  waitingPlan,
} from './call-plans';
import { dailyCapOf, slotTaken } from '../kernel/read-models/daily-caps';
import type { CallLinesState, CallQueue, CallReport } from './ports';
import { VoiceAgentError } from '../kernel/vendor-errors';
import { type CallLogRecord } from '../kernel/records/call-log';
import type { EventPublisher } from '../kernel/ports';
import type { CommitOutcome, WriteCommitter, WritePlan } from '../kernel/write-plan';
import type { PatientRecord } from '../kernel/records/patient';
import { joinedWithMove, reportPlan, withoutLockRelease, type LockNotHeld } from './report-plan';
import { enrollmentAnswerWrites, retryEnrollmentCall, type StageMoved } from './enrollment-calls';
import { systemActorId, systemEntry, systemEvent, type SystemActor } from '../kernel/audit-actors';
import { freeEndedLeases } from './line-leases';
import type { DailyCap, OrganizationRef } from '../kernel/records/organization';

export type ReportDeps = Pick<
  PlacingDeps,
  'callLogs' | 'organizations' | 'documents' | 'clock' | 'ids' | 'patients'
> & {
  events: EventPublisher;
  signals: CallSignals;
  committer: WriteCommitter;
};

/** How long a call may stay unsettled before the reconciler looks at it. */
export const STALE_AFTER_MS = 15 * 60 * 1000;
/** A scheduled call placed this long after its time is checked against the calling window again. */
export const LATE_AFTER_MS = 15 * 60 * 1000;
/** A call Vapi still reports as running after this long is given up. */
export const ABANDON_AFTER_MS = 2 * 60 * 60 * 1000;
/** How long after a call ends the reconciler waits for Vapi's analysis before storing the call without it. */
export const ANALYSIS_WAIT_MS = 10 * 60 * 1000;

/** A monthly check-in waiting for consent looks again this much later (at the same hour the next day). */
export const AWAITING_CONSENT_RETRY_MS = 24 * 60 * 60 * 1000;
/** A scheduled call over the organization's daily cap waits this long (the same hour on the next day). */
export const CAPPED_RETRY_MS = 24 * 60 * 60 * 1000;

async function publishCompleted(deps: ReportDeps, log: CallLogRecord): Promise<void> {
  await deps.events.publish([
    {
      type: 'call.completed',
      detail: {
        callLogId: log.id,
        patientId: log.patient_id,
        organizationId: log.provider_id,
        status: log.status,
        outcome: log.outcome,
        escalationLevel: log.escalation_level,
      },
    },
  ]);
  await deps.committer.commit(eventPublishedPlan(log, deps.clock.now().toISOString()));
}

/**
 * The call log a Vapi message may change: the one named in the call's metadata, and only when it
 * was placed as this very Vapi call. The metadata alone is never trusted: anyone holding Vapi's
 * public key can start a call naming any id, and Vapi signs its reports all the same.
 */
async function placedCallOf(
  deps: ReportDeps,
  callLogId: string | null,
  vendorCallId: string,
): Promise<CallLogRecord | Exclude<UnmatchedReason, 'call_settled'>> {
  if (!callLogId) return 'no_call_log';
  const log = await deps.callLogs.get(callLogId);
  if (!log) return 'unknown_call';
  // Not stored yet: the reconciler reads the call from Vapi by the stored id later.
  if (!log.vendor_call_id) return 'vendor_id_pending';
  if (log.vendor_call_id !== vendorCallId) return 'vendor_id_mismatch';
  return log;
}

/** Vapi's status-update: a call that started ringing through is in progress. */
export async function recordCallStatus(
  deps: ReportDeps,
  callLogId: string | null,
  vendorCallId: string,
  status: 'queued' | 'in_progress' | 'ended' | 'other',
): Promise<'recorded' | 'ignored' | UnmatchedReason> {
  // Only `in-progress` changes a call log; the other statuses are read without a lookup.
  if (status !== 'in_progress') return 'ignored';
  const log = await placedCallOf(deps, callLogId, vendorCallId);
  if (typeof log === 'string') {
    deps.signals.unmatched(log);
    return log;
  }
  if (log.status === 'in_progress') return 'ignored';
  const marked = await deps.committer.commit(inProgressPlan(log.id, vendorCallId, deps.clock.now().toISOString()));
  if (marked !== 'committed') deps.signals.unmatched('call_settled');
  return marked === 'committed' ? 'recorded' : 'call_settled';
}

/**
 * Vapi's end-of-call report (or the reconciler's reading of the call): stored once, only onto the
 * call placed as `report.vendorCallId` while it is queued or in progress, then the `call.completed`
 * event. A replay, or a report of any other call, changes nothing and is counted.
 */
export async function recordCallReport(
  deps: ReportDeps,
  callLogId: string | null,
  report: CallReport,
  by: SystemActor,
): Promise<'stored' | UnmatchedReason> {
  const log = await placedCallOf(deps, callLogId, report.vendorCallId);
  if (typeof log === 'string') {
    deps.signals.unmatched(log);
    return log;
  }
  if (log.report_received_at || (log.status !== 'queued' && log.status !== 'in_progress')) {
    deps.signals.unmatched('call_settled');
    return 'call_settled';
  }
  // Read side by side (one BatchGetItem): the organization's zone names the month; the care plan's
  // targets weigh a reading against the plan in force when it is stored; an enrollment call's
  // answer moves the patient from the stage read here.
  const [organization, carePlan, patient] = await Promise.all([
    deps.organizations.getRef(log.provider_id),
    report.observations.length ? deps.documents.get('care_plan', log.patient_id) : null,
    log.kind === 'enrollment' ? deps.patients.get(log.patient_id) : null,
  ]);
  const now = deps.clock.now();
  const endedAt = report.endedAt ? new Date(report.endedAt) : now;
  const month = monthIn(organization?.timezone ?? 'America/New_York', Number.isNaN(endedAt.getTime()) ? now : endedAt);
  const at = now.toISOString();
  const subject = { type: 'call', id: log.id } as const;
  const audit = systemEvent(by, 'call.report_store', subject, log.patient_id, deps.ids.newId(), at);
  const { plan, stored } = reportPlan(log, report, month, at, audit, carePlan?.plan?.targets ?? []);
  if ((await commitReport(deps, log, patient, report, plan, at)) === 'conflict') {
    deps.signals.unmatched('call_settled');
    return 'call_settled';
  }
  if (report.cost !== null) deps.signals.callCost(report.cost);
  await publishCompleted(deps, stored);
  return 'stored';
}

/**
 * Commits a report's plan; an enrollment call's plan carries the patient's move through the funnel
 * (enrollmentAnswerWrites), conditional on the stage as read. A patient moved meanwhile (consent
 * recorded) refuses the move: the report is then stored without it (after one try of the move
 * without the patient's copy, for a patient only renamed meanwhile). A patient whose lock is not this
 * call's refuses its release: the report is then stored without it (nothing of this call to free).
 * Each refusal costs one more transaction; the report's own refusal (`conflict`) ends it.
 */
async function commitReport(
  deps: ReportDeps,
  log: CallLogRecord,
  patient: PatientRecord | null,
  report: CallReport,
  plan: WritePlan<LockNotHeld>,
  at: string,
): Promise<'committed' | 'conflict'> {
  const move = (copy: boolean) =>
    patient
      ? enrollmentAnswerWrites(log, patient, report.outcome, report.enrollmentAnswer, at, copy)
      : { transaction: [], afterCommit: [] };
  const withMove = (copy: boolean) =>
    move(copy).transaction.length ? joinedWithMove<StageMoved>(plan, move(copy), log) : plan;
  let outcome: CommitOutcome<LockNotHeld | StageMoved> = await deps.committer.commit(withMove(true));
  // The move copies the patient as read onto its new item (listed-patient.ts): refused, it is tried
  // without the copy before the report is stored without it.
  if (outcome === 'stage_moved') outcome = await deps.committer.commit(withMove(false));
  if (outcome === 'stage_moved') outcome = await deps.committer.commit(plan);
  if (outcome === 'lock_not_held') outcome = await deps.committer.commit(withoutLockRelease(plan));
  return outcome === 'committed' ? 'committed' : 'conflict';
}

/** A call that ended without any report: failed, and its event goes out like any other. */
async function failUnsettled(deps: ReportDeps, log: CallLogRecord, reason: string): Promise<void> {
  await failCall(deps, log.id, reason);
  const failed = await deps.callLogs.get(log.id);
  if (failed && !failed.event_published_at && (failed.status === 'failed' || failed.report_received_at)) {
    await publishCompleted(deps, failed);
  }
}

// ---------------------------------------------------------------------------------------------
// Scheduled placement (job: place-scheduled-call; also the reconciler for overdue calls)

export type ScheduledPlacingDeps = PlacingDeps &
  SchedulingDeps & { events: EventPublisher; signals: CallSignals; committer: WriteCommitter };

/**
 * `waiting`: no call line was free (or Vapi had none), the call stays pending and comes back from
 * the queue; `moved`: it waited past its window and moves to the same window the next day.
 */
export type PlacementResult =
  'placed' | 'skipped' | 'cancelled' | 'deferred' | 'moved' | 'waiting' | 'awaiting_consent' | 'failed';

/** What the queue's message carries besides the call: when it first found no free line (ISO). */
export interface PlacementOptions {
  waitingSince?: string;
}

/**
 * Moves a pending scheduled call to `queued`, taking the patient's lock, one slot of the day and a
 * call line outside the reserve for people. `not_pending` when it is no longer scheduled (placed by
 * an earlier firing, or cancelled); `conflict` when another call holds the lock; `capped` when the
 * organization's day is at `cap`; `no_line` when the lines a queued call may use are in use. The
 * claim is tried once more on a fresh read when the call started or stopped waiting meanwhile.
 */
async function claimScheduled(
  deps: ScheduledPlacingDeps,
  read: CallLogRecord,
  at: string,
  cap: DailyCap,
): Promise<{ claim: 'claimed' | 'not_pending' | 'conflict' | 'capped' | 'no_line'; log: CallLogRecord }> {
  let log = read;
  for (let attempt = 0; ; attempt++) {
    const outcome = await deps.committer.commit(claimPlan(log, at, cap, deps.callLines));
    if (outcome === 'committed') {
      slotTaken(cap);
      return { claim: 'claimed', log };
    }
    // Read again: the call may have been placed or cancelled meanwhile, whichever write refused.
    const again = await deps.callLogs.get(log.id);
    if (again?.status !== 'scheduled') return { claim: 'not_pending', log };
    const waitMoved = (again.waiting_since ?? null) !== (log.waiting_since ?? null);
    log = again;
    if (waitMoved && attempt === 0) continue;
    if (outcome === 'capped' || outcome === 'no_line') return { claim: outcome, log };
    return { claim: 'conflict', log };
  }
}

/**
 * A due call without a free line waits (DECISIONS "Outreach capacity"): it stays pending and is
 * listed as waiting since `since` (the first time). It is not tried again on a timer: a call that
 * settles gives its line back and wakes the oldest waiting calls (`wakeWaitingCalls`, on
 * `call.completed`), and the reconciler wakes them too should a wake be lost. So the cost of waiting
 * is per line freed, not per minute waited, however long the queue. Its one schedule is the end of
 * its window, into the same queue: still waiting then, it moves to the same window the next day.
 * The schedule is made first: a lost one would leave a waiting call nobody moves; a repeated one
 * changes nothing (one schedule per call and minute, and the move is conditional).
 */
async function waitForLine(
  deps: ScheduledPlacingDeps,
  log: CallLogRecord,
  since: string,
  at: string,
  timeZone: string,
): Promise<'waiting'> {
  const due = new Date(log.scheduled_at ?? since);
  await deps.scheduler.schedule(log.id, callWindowEnd(due, log.time_preference, timeZone));
  // Refused when it is waiting already (or no longer pending): nothing more to write.
  if (!log.waiting_since) await deps.committer.commit(waitingPlan(log.id, since, at));
  deps.signals.waitingForLine();
  return 'waiting';
}

/** The most waiting calls one run wakes: a settled call frees one line; the reconciler may find a few. */
export const MOST_WOKEN = 25;

export type WakingDeps = CallLineDeps & {
  lines: Pick<CallLinesState, 'counts' | 'oldestWaiting'>;
  callQueue: CallQueue;
};

/**
 * Wakes the calls waiting for a line, oldest first: as many as the lines a queued call may use are
 * free now, sent to the queue of due calls at once with when they began to wait. Run after a call
 * settled and gave its line back (`call.completed`), and by the reconciler. With nobody waiting it
 * costs one GetItem. A woken call that finds its line taken meanwhile (a staff call) waits again; a
 * call woken twice is placed once (the claim is conditional). Returns how many it woke.
 */
export async function wakeWaitingCalls(deps: WakingDeps): Promise<number> {
  const limit = lineLimit(deps.callLines, 'queued');
  const { inUse, waiting } = await deps.lines.counts();
  const free = Math.min(limit - inUse, waiting, MOST_WOKEN);
  if (free <= 0) return 0;
  const woken = await deps.lines.oldestWaiting(free);
  for (const call of woken) await deps.callQueue.enqueue(call.callLogId, 0, call.waitingSince);
  return woken.length;
}

/**
 * Places a pending scheduled call: only once (the claim is conditional), only to an active
 * patient of an active organization, only inside the calling window, and only when no other call
 * of the patient is running (then it stays pending and the reconciler places it when overdue).
 * A monthly check-in also needs the patient's accepted consent. It takes a call line outside the
 * reserve for people; without one it waits, inside its window, to be woken when a line is given back
 * (`waitForLine`), and a call that can no longer start inside its window moves to the same window
 * the next day. The job (or the
 * reconciler) that places it is recorded in the patient's history as CareLoop, once the call is
 * claimed and before it is dialled.
 */
export async function placeScheduledCall(
  deps: ScheduledPlacingDeps,
  callLogId: string,
  by: SystemActor,
  options: PlacementOptions = {},
): Promise<PlacementResult> {
  const log = await deps.callLogs.get(callLogId);
  if (!log || log.status !== 'scheduled') return 'skipped';
  const now = deps.clock.now();
  const at = now.toISOString();
  const [patient, organization, cadence] = await Promise.all([
    deps.patients.get(log.patient_id),
    deps.organizations.getRef(log.provider_id),
    log.kind === 'monthly' ? deps.patients.getCadence(log.patient_id) : null,
  ]);
  const outreachOff = log.kind === 'monthly' && (!cadence || !cadence.enabled);
  // An enrollment call waits for nobody who answered meanwhile, was enrolled, or asked not to be called.
  const invitationOver =
    log.kind === 'enrollment' && (patient?.enrollmentStage !== 'invited' || Boolean(patient?.callsStoppedAt));
  if (
    !patient ||
    patient.status !== 'active' ||
    !organization ||
    organization.status !== 'active' ||
    outreachOff ||
    invitationOver
  ) {
    await deps.committer.commit(cancelScheduledPlan(log.id, at, log.waiting_since));
    await deps.scheduler.cancel(log.id);
    return 'cancelled';
  }
  // product-rules.md "Care management (CCM)": without accepted consent a check-in waits. It stays
  // pending (the patient shows 'Awaiting consent') and looks again the next day; staff may still
  // call at once, for example to ask for consent.
  if (log.kind === 'monthly' && patient.consent?.status !== 'accepted') {
    const again = nextCallWindowTime(new Date(now.getTime() + AWAITING_CONSENT_RETRY_MS), organization.timezone);
    await deps.committer.commit(reschedulePlan(log.id, again.toISOString(), at, log.waiting_since));
    await deps.scheduler.schedule(log.id, again);
    return 'awaiting_consent';
  }
  const waitingSince = log.waiting_since ?? options.waitingSince ?? null;
  // A call that waited for a line is placed only inside the patient's window; else the same window tomorrow.
  if (waitingSince && log.scheduled_at) {
    const due = new Date(log.scheduled_at);
    if (!isInsideDueWindow(now, due, log.time_preference, organization.timezone)) {
      const next = sameWindowNextDay(now, due, log.time_preference, organization.timezone);
      await deps.committer.commit(reschedulePlan(log.id, next.toISOString(), at, log.waiting_since));
      await deps.scheduler.schedule(log.id, next);
      return 'moved';
    }
  }
  // The window was applied when the call was scheduled; a call placed late (a delayed schedule,
  // or the reconciler catching up) is checked again, and waits for the next morning if need be.
  const late = log.scheduled_at !== null && now.getTime() - Date.parse(log.scheduled_at) > LATE_AFTER_MS;
  const allowed = nextCallWindowTime(now, organization.timezone);
  if (late && allowed.getTime() !== now.getTime()) {
    await deps.committer.commit(reschedulePlan(log.id, allowed.toISOString(), at, log.waiting_since));
    await deps.scheduler.schedule(log.id, allowed);
    return 'deferred';
  }
  const cap = await dailyCapOf(deps, organization, 'calls');
  const { claim, log: read } = await claimScheduled(deps, log, at, cap);
  if (claim === 'not_pending') return 'skipped';
  if (claim === 'conflict') return 'deferred';
  if (claim === 'no_line') return waitForLine(deps, read, waitingSince ?? at, at, organization.timezone);
  // The practice's calls for today are used up: not failed, tried again at this hour tomorrow.
  if (claim === 'capped') {
    const tomorrow = nextCallWindowTime(new Date(now.getTime() + CAPPED_RETRY_MS), organization.timezone);
    await deps.committer.commit(reschedulePlan(log.id, tomorrow.toISOString(), at, read.waiting_since));
    await deps.scheduler.schedule(log.id, tomorrow);
    return 'deferred';
  }
  if (waitingSince) deps.signals.lineWait(Math.max(0, Math.round((now.getTime() - Date.parse(waitingSince)) / 1000)));
  const claimed = (await deps.callLogs.get(log.id)) ?? read;
  const subject = { type: 'call', id: log.id } as const;
  await deps.audit.record(systemEntry(by, 'call.place_scheduled', subject, log.patient_id));
  try {
    await handToVapi(deps, claimed, patient, organization);
    return 'placed';
  } catch (error) {
    // Every one of Vapi's lines was busy: the claim is undone in one plan and the call waits.
    if (error instanceof VoiceAgentError && error.kind === 'at_capacity') {
      if ((await deps.committer.commit(unclaimPlan(claimed, deps.clock.now().toISOString(), cap))) === 'committed') {
        const unclaimed = { ...claimed, waiting_since: null };
        return waitForLine(deps, unclaimed, waitingSince ?? at, deps.clock.now().toISOString(), organization.timezone);
      }
    }
    // Failed with its reason and its line given back; the monthly cadence must still move on.
    await failPlacement(deps, log.id, error).catch(() => undefined);
    const failed = await deps.callLogs.get(log.id);
    if (failed) await publishCompleted(deps, failed);
    return 'failed';
  }
}

// ---------------------------------------------------------------------------------------------
// Reconciler (job: reconcile-calls, every 10 minutes)

export interface ReconcileResult {
  checked: number;
  completed: number;
  failed: number;
  republished: number;
  overdue: number;
  /** Calls waiting for a line sent to the queue because lines were free (a wake was lost). */
  woken: number;
  /** Lines given back by leased calls (spoken alerts) that ended or whose time is up. */
  leasesFreed: number;
}

/** Whether an ended call's analysis is later than it may be (no end time from Vapi: it is, the call being stale). */
function analysisOverdue(endedAt: string | null, now: Date): boolean {
  const ended = endedAt ? Date.parse(endedAt) : Number.NaN;
  return Number.isNaN(ended) || now.getTime() - ended > ANALYSIS_WAIT_MS;
}

/**
 * No call report is lost because a webhook did not arrive: calls unsettled for too long are read
 * back from Vapi and completed from its answer (or failed), giving back the call line each held;
 * reports whose event was not published get it; scheduled calls whose schedule never fired are
 * sent to the queue of due calls.
 */
export async function reconcileCalls(
  deps: ScheduledPlacingDeps & WakingDeps & { lines: Pick<CallLinesState, 'leases'> },
): Promise<ReconcileResult> {
  const now = deps.clock.now();
  const result: ReconcileResult = {
    checked: 0,
    completed: 0,
    failed: 0,
    republished: 0,
    overdue: 0,
    woken: 0,
    leasesFreed: 0,
  };
  const stale = await deps.callLogs.listStale(new Date(now.getTime() - STALE_AFTER_MS).toISOString(), 100);
  for (const log of stale) {
    result.checked++;
    if (log.report_received_at || log.status === 'failed' || log.status === 'completed') {
      if (!log.event_published_at) {
        await publishCompleted(deps, log);
        result.republished++;
      }
      continue;
    }
    if (!log.vendor_call_id) {
      await failUnsettled(deps, log, 'The call could not be placed');
      result.failed++;
      continue;
    }
    let vendor: Awaited<ReturnType<typeof deps.voice.getCall>>;
    try {
      vendor = await deps.voice.getCall(log.vendor_call_id);
    } catch (error) {
      // Vapi unreachable for this call: try it again on the next run, go on with the others.
      if (error instanceof VoiceAgentError) continue;
      throw error;
    }
    if (vendor?.state === 'ended') {
      // Vapi analyses a call after it ends: a report stored without the analysis would file the call
      // as Normal with no summary, whatever the patient said, and a report is stored once. So an ended
      // call waits for its analysis, until ANALYSIS_WAIT_MS after its end (an analysis that never
      // comes must not keep the call open for ever).
      if (!vendor.analysed && !analysisOverdue(vendor.report.endedAt, now)) continue;
      if ((await recordCallReport(deps, log.id, vendor.report, 'reconcile-calls')) === 'stored') result.completed++;
      continue;
    }
    const placedAt = Date.parse(log.placed_at ?? log.created_at);
    if (!vendor || now.getTime() - placedAt > ABANDON_AFTER_MS) {
      await failUnsettled(deps, log, 'The call could not be completed');
      result.failed++;
    }
  }
  // Overdue calls go to the queue, not placed here: the placer is the one place that takes call
  // lines, waits and moves calls, and this run is not held up dialling. A call waiting for a line
  // is woken below, or moved by its schedule at its window's end.
  const cutoff = now.getTime() - STALE_AFTER_MS;
  const due = await deps.callLogs.listScheduled(50);
  for (const log of due) {
    if (!log.scheduled_at || Date.parse(log.scheduled_at) > cutoff) break;
    if (log.waiting_since) continue;
    result.overdue++;
    await deps.callQueue.enqueue(log.id, 0);
  }
  // Lines held by spoken alerts that ended without a word reaching CareLoop, or whose time is up.
  result.leasesFreed = await freeEndedLeases(deps);
  // Lines free while calls wait: a settled call's wake was lost (its job failed for good), or lines
  // were freed without a call settling (a web call cancelled before it started, an alert's lease).
  result.woken = await wakeWaitingCalls(deps);
  return result;
}

// ---------------------------------------------------------------------------------------------
// After a call (job: call-follow-up, on call.completed)

/**
 * The oldest calls waiting for a line are woken. The monthly cadence moves on: a retry of an unanswered check-in, or next month's; an unanswered
 * enrollment call is tried again (enrollment-calls.ts). A person who
 * asked not to be called again has their outreach turned off and their pending calls cancelled.
 */
export async function followUpCall(
  deps: SchedulingDeps & WakingDeps,
  callLogId: string,
): Promise<CallLogRecord | null> {
  // The call settled and gave its line back: the calls waiting for one go first, whatever else follows.
  await wakeWaitingCalls(deps);
  const log = await deps.callLogs.get(callLogId);
  if (log?.stop_requested) {
    await stopOutreach(deps, log);
    return null;
  }
  if (!log || (log.kind !== 'monthly' && log.kind !== 'enrollment') || log.status === 'scheduled') return null;
  const [patient, organization] = await Promise.all([
    deps.patients.get(log.patient_id),
    deps.organizations.getRef(log.provider_id),
  ]);
  if (!patient || patient.status !== 'active' || !organization || organization.status !== 'active') return null;
  if (log.kind === 'enrollment') return retryEnrollmentCall(deps, log, patient, organization.timezone);
  const unanswered = log.outcome !== null && UNANSWERED_OUTCOMES.includes(log.outcome);
  const step = unanswered && log.attempt < MAX_CHECK_IN_RETRIES ? 'retry' : 'next_cycle';
  return scheduleNextCheckIn(deps, log, organization as OrganizationRef, step);
}

/**
 * "Stop calling me" (TCPA): outreach off, pending calls cancelled, and an audit event, written
 * before the changes so that a failure in between is retried by the job and never goes unrecorded.
 * A replay finds nothing left to stop and records nothing more.
 */
async function stopOutreach(deps: SchedulingDeps, log: CallLogRecord): Promise<void> {
  const [cadence, pending, patient] = await Promise.all([
    deps.patients.getCadence(log.patient_id),
    deps.callLogs.listScheduledByPatient(log.patient_id),
    deps.patients.get(log.patient_id),
  ]);
  const callsStopped = !patient || Boolean(patient.callsStoppedAt);
  if (!cadence?.enabled && pending.length === 0 && callsStopped) return;
  await deps.audit.record({
    // CareLoop itself, not a staff account: the follow-up job reads the patient's request on the call.
    actorId: systemActorId('call-follow-up'),
    actorRole: null,
    actorProviderId: null,
    action: 'outreach.stop_requested',
    subject: { type: 'patient', id: log.patient_id },
    patientId: log.patient_id,
    outcome: 'success',
  });
  // Kept on the patient: no AI call invites them to enrol either (a missing patient has nothing to keep).
  if (!callsStopped) await deps.committer.commit(callsStoppedPlan(log.patient_id, deps.clock.now().toISOString()));
  await cancelPatientCalls(deps, log.patient_id);
}

// ---------------------------------------------------------------------------------------------
// Archive (job: cancel-patient-calls, on patient.archived / organization.archived)

/** Archiving a patient cancels their scheduled calls and turns their monthly outreach off. */
export async function cancelPatientCalls(deps: SchedulingDeps, patientId: string): Promise<number> {
  // `no_cadence`: a patient without monthly outreach has none to switch off.
  await deps.committer.commit(cadenceOffPlan(patientId));
  const pending = await deps.callLogs.listScheduledByPatient(patientId);
  const at = deps.clock.now().toISOString();
  let cancelled = 0;
  for (const log of pending) {
    if ((await deps.committer.commit(cancelScheduledPlan(log.id, at, log.waiting_since))) === 'committed') cancelled++;
    await deps.scheduler.cancel(log.id);
  }
  return cancelled;
}

/** Archiving an organization does the same for each of its patients. */
export async function cancelOrganizationCalls(deps: SchedulingDeps, organizationId: string): Promise<number> {
  const patients = await deps.patients.listByOrganization(organizationId);
  let cancelled = 0;
  for (const patient of patients) cancelled += await cancelPatientCalls(deps, patient.id);
  return cancelled;
}
