/**
 * The AI enrollment call (DECISIONS "Enrollment", issue 24 item 4): staff invite an eligible patient
 * by a call whose reviewed script explains the program and asks whether the care team may call to
 * enrol them (enrollment-script.ts). The call obeys what every call obeys: a phone number, the
 * person's "stop calling", one call at a time, the practice's daily cap and the calling window
 * (outside it the call is scheduled for the window's next opening, not refused). The patient is
 * invited once the call is placed or scheduled; the report's answer moves the funnel in the report's
 * own transaction (enrollmentAnswerWrites); an unanswered call is tried again like a monthly
 * check-in (at most twice, the next day at the same hour), and after the last attempt the patient
 * is unreachable. The call never records consent: staff do.
 */
import { inviteEach } from '../kernel/bulk-invitations';
import { isInvitable, stageAfterAnswer, type EnrollmentStage } from '../../shared/enrollment/funnel';
import type { BulkInvitationAnswer, InvitationAnswer } from '../../shared/enrollment/panel';
import { MAX_CHECK_IN_RETRIES, UNANSWERED_OUTCOMES, type CallOutcome } from '../../shared/values/calls';
import { nextCallWindowTime } from '../../shared/call-times';
import type { EnrollmentCallAnswer } from '../../shared/enrollment/enrollment-call-script';
import type { Actor } from '../kernel/actor';
import { organizationForActor, patientForActor } from '../kernel/access';
import { AppError } from '../kernel/app-error';
import { audited } from '../kernel/audit';
import { fail } from '../kernel/error-catalogue';
import { derivedId, newCallLog, type CallLogRecord } from '../kernel/records/call-log';
import type { PatientRecord } from '../kernel/records/patient';
import { commitStageMove, enrollmentStageWrites, keyOf } from '../kernel/read-models/enrollment-stages';
import { allOf, listedAsRead, type ListedPatient } from '../kernel/read-models/listed-patient';
import type { ItemWrite, WritePlan } from '../kernel/write-plan';
import { dial, openStaffCall, storeScheduledCall, type PlacingDeps, type SchedulingDeps } from './call-placing';

export type EnrollmentCallDeps = PlacingDeps & SchedulingDeps;

type Staged = Pick<PatientRecord, 'id' | 'provider_id' | 'created_at'> & ListedPatient;

/** The patient moved since it was read: its stage or status is not the one the write was for. */
export type StageMoved = 'stage_moved';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The patient's move from `from` to `to`, only while it is still active at `from`: the stage and its
 * read model. With `copy`, the new item copies what the list shows of the patient as read, and the
 * move holds only while that is still so (commitStageMove tries without it when refused).
 */
export function stageMoveWrites(p: Staged, from: EnrollmentStage, to: EnrollmentStage, at: string, copy: boolean) {
  if (from === to) return [];
  return [
    {
      op: 'patch',
      entity: 'patient',
      key: { patient_id: p.id },
      set: { enrollment_stage: to },
      when: allOf({ equal: { status: 'active', enrollment_stage: from } }, copy ? listedAsRead(p) : undefined),
      refusal: 'stage_moved',
    } as const satisfies ItemWrite<StageMoved>,
    ...enrollmentStageWrites(copy ? p : keyOf(p), from, to, at),
  ];
}

/**
 * Where an enrollment call's report moves an invited patient: interested or declined by the answer
 * of an answered call; unreachable when the last attempt went unanswered (no answer, busy,
 * voicemail); nowhere otherwise (an unclear answer, a failed call, a retry still to come).
 */
export function stageAfterEnrollmentCall(
  log: Pick<CallLogRecord, 'attempt'>,
  outcome: CallOutcome,
  answer: EnrollmentCallAnswer | null,
): EnrollmentStage | null {
  if (outcome === 'answered') {
    if (answer === 'interested') return stageAfterAnswer('invited', 'yes') ?? null;
    if (answer === 'declined') return stageAfterAnswer('invited', 'no') ?? null;
    return null;
  }
  if (UNANSWERED_OUTCOMES.includes(outcome) && log.attempt >= MAX_CHECK_IN_RETRIES) {
    return stageAfterAnswer('invited', 'no_answer') ?? null;
  }
  return null;
}

/**
 * The writes an enrollment call's report adds to its own transaction: the patient's move (above),
 * conditional on the stage as read (`stage`, the patient's when the report came). A patient no
 * longer invited (consent recorded meanwhile, an earlier answer) is not moved.
 */
export function enrollmentAnswerWrites(
  log: Pick<CallLogRecord, 'attempt' | 'kind'>,
  patient: Staged & Pick<PatientRecord, 'status' | 'enrollmentStage'>,
  outcome: CallOutcome,
  answer: EnrollmentCallAnswer | null,
  at: string,
  copy: boolean,
): WritePlan<StageMoved> {
  const to = log.kind === 'enrollment' ? stageAfterEnrollmentCall(log, outcome, answer) : null;
  if (!to || patient.status !== 'active' || patient.enrollmentStage !== 'invited') {
    return { transaction: [], afterCommit: [] };
  }
  return { transaction: stageMoveWrites(patient, 'invited', to, at, copy), afterCommit: [] };
}

/**
 * Invites one patient by an AI call: only an eligible patient, or an invited or unreachable one who
 * has not answered (`enrollment.not_invitable`), with a phone number, who has not asked not to be
 * called, and without an enrollment call already pending. Inside the calling window the call is
 * placed now (one call at a time, the day's cap); outside, it is scheduled for the next opening.
 */
export async function invitePatientByCall(
  deps: EnrollmentCallDeps,
  actor: Actor,
  patientId: string,
): Promise<InvitationAnswer> {
  return audited(deps.audit, actor, 'enrollment.invite', { type: 'patient', id: patientId }, async () => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    const stage = patient.enrollmentStage;
    if (!isInvitable(stage)) throw fail('notInvitable');
    if (!patient.phone_number) throw fail('callNoPhone');
    if (patient.callsStoppedAt) throw fail('callsStopped');
    const pending = await deps.callLogs.listScheduledByPatient(patient.id);
    if (pending.some((l) => l.kind === 'enrollment')) throw fail('enrollmentCallPending');
    const now = deps.clock.now();
    const opening = nextCallWindowTime(now, organization.timezone);
    const moveTo = async (from: EnrollmentStage, to: EnrollmentStage) => {
      const at = deps.clock.now().toISOString();
      return commitStageMove(deps.committer, (copy) => ({
        transaction: stageMoveWrites(patient, from, to, at, copy),
        afterCommit: [],
      }));
    };
    if (opening.getTime() === now.getTime()) {
      const log = await openStaffCall(deps, actor, patient, organization, 'enrollment');
      // Invited before dialling: the answer may be reported within a second, and only an invited
      // patient moves on it. A call Vapi refused gives the stage back.
      const moved = await moveTo(stage, 'invited');
      try {
        await dial(deps, log, patient, organization);
      } catch (error) {
        if (moved === 'committed') await moveTo('invited', stage);
        throw error;
      }
      return {
        patient_id: patient.id,
        stage: moved === 'committed' ? 'invited' : stage,
        channel: 'call',
        call_at: log.placed_at ?? now.toISOString(),
      };
    }
    const log = newCallLog(
      {
        id: deps.ids.newId(),
        patient_id: patient.id,
        provider_id: organization.id,
        status: 'scheduled',
        kind: 'enrollment',
        created_by: actor.userId,
        scheduled_at: opening.toISOString(),
      },
      now.toISOString(),
    );
    try {
      await storeScheduledCall(deps, log);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw fail('scheduleFailed');
    }
    // The call is booked: a patient moved meanwhile (consent recorded) keeps its new stage, and
    // the booked call is cancelled when it comes due (placeScheduledCall).
    const moved = await moveTo(stage, 'invited');
    return {
      patient_id: patient.id,
      stage: moved === 'committed' ? 'invited' : stage,
      channel: 'call',
      call_at: opening.toISOString(),
    };
  });
}

/**
 * Invites several patients by call, each on its own (one refusal stops nobody else), a few at a
 * time: each patient's outcome, in the order named, with the refusal's code and words.
 */
export async function invitePatientsByCall(
  deps: EnrollmentCallDeps,
  actor: Actor,
  organizationId: string,
  patientIds: readonly string[],
): Promise<BulkInvitationAnswer> {
  // The organization is checked first: another organization's request answers 404 and calls nobody.
  await organizationForActor(deps, actor, organizationId);
  return inviteEach(patientIds, (id) => invitePatientByCall(deps, actor, id));
}

/**
 * After an enrollment call: an unanswered one (no answer, busy, voicemail) is tried again the next
 * day at the same hour, inside the calling window, at most twice, while the patient is still
 * invited and has not asked not to be called. The retry's id is derived from the call's, so doing
 * this twice books one call.
 */
export async function retryEnrollmentCall(
  deps: SchedulingDeps,
  log: CallLogRecord,
  patient: PatientRecord,
  timeZone: string,
): Promise<CallLogRecord | null> {
  const unanswered = log.outcome !== null && UNANSWERED_OUTCOMES.includes(log.outcome);
  if (!unanswered || log.attempt >= MAX_CHECK_IN_RETRIES) return null;
  if (patient.enrollmentStage !== 'invited' || patient.callsStoppedAt) return null;
  const previous = Date.parse(log.scheduled_at ?? log.placed_at ?? log.created_at);
  const record = newCallLog(
    {
      id: derivedId(`${log.id}:retry`),
      patient_id: log.patient_id,
      provider_id: log.provider_id,
      status: 'scheduled',
      kind: 'enrollment',
      created_by: 'careloop',
      scheduled_at: nextCallWindowTime(new Date(previous + DAY_MS), timeZone).toISOString(),
      attempt: log.attempt + 1,
    },
    deps.clock.now().toISOString(),
  );
  await storeScheduledCall(deps, record);
  return record;
}
