/**
 * Enrollment invitations by text (DECISIONS "Enrollment"): staff invite an eligible patient, or
 * several at once, with a text in the patient's language from the reviewed catalogue
 * (shared/enrollment/invitation-texts.ts). An invitation is a text like any other: it takes one of
 * the patient's month's texts and a slot of the practice's day, and never goes to an opted-out
 * number (texts.ts reservePlan); once Twilio accepted it, the patient is invited. The patient's
 * YES or NO moves them on (texts.ts receiveInboundText).
 */
import { inviteEach } from '../kernel/bulk-invitations';
import { isInvitable } from '../../shared/enrollment/funnel';
import { INVITATION_TEXTS } from '../../shared/enrollment/invitation-texts';
import type { BulkInvitationAnswer, InvitationAnswer } from '../../shared/enrollment/panel';
import { DEFAULT_LANGUAGE } from '../../shared/enrollment/patient-fields';
import { TEXT_MONTHLY_LIMIT } from '../../shared/texts';
import { monthIn } from '../../shared/time-preferences';
import type { Actor } from '../kernel/actor';
import { organizationForActor, patientForActor } from '../kernel/access';
import { audited } from '../kernel/audit';
import { fail, overDailyLimit } from '../kernel/error-catalogue';
import { dailyCapOf, slotTaken } from '../kernel/read-models/daily-caps';
import { joinPlans } from '../kernel/write-plan';
import { invitableCheck, invitedPlan } from './invitation-plans';
import { commitStageMove } from '../kernel/read-models/enrollment-stages';
import type { SmsSender } from './ports';
import { reservePlan } from './text-plans';
import { refusalError, sendReserved } from './text-sending';
import { canonicalPhone, outboundText, staffName, type TextDeps } from './texts';

export interface InvitationDeps extends TextDeps {
  sms: SmsSender;
  /** Where Twilio posts delivery statuses (`twilioStatus`). */
  statusCallbackUrl: string;
}

/**
 * Invites one patient by text: only an eligible patient, or an invited one who has not answered
 * (`enrollment.not_invitable` otherwise), with a phone number and the practice's sender; refused
 * like any text for an opted-out number, the month's texts or the practice's day used up.
 */
export async function invitePatientByText(
  deps: InvitationDeps,
  actor: Actor,
  patientId: string,
): Promise<InvitationAnswer> {
  return audited(deps.audit, actor, 'enrollment.invite', { type: 'patient', id: patientId }, async () => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    const stage = patient.enrollmentStage;
    if (!isInvitable(stage)) throw fail('notInvitable');
    if (!patient.phone_number) throw fail('textNoPhone');
    const sender = organization.sms_sender;
    if (!sender) throw fail('textNoSender');
    const phone = canonicalPhone(patient.phone_number);
    const now = deps.clock.now();
    const month = monthIn(organization.timezone, now);
    const body = INVITATION_TEXTS[patient.preferred_language ?? DEFAULT_LANGUAGE].invitation(
      patient.first_name,
      organization.name,
    );
    const text = outboundText(
      {
        patientId: patient.id,
        providerId: organization.id,
        kind: 'invitation',
        body,
        includedCallLink: false,
        month,
        sentBy: actor.userId,
        sentByName: await staffName(deps, actor),
      },
      now,
    );
    const cap = await dailyCapOf(deps, organization, 'texts');
    const reserved = await deps.committer.commit(
      joinPlans<'opted_out' | 'limit' | 'daily_limit' | 'stage_moved'>(
        { transaction: [invitableCheck(patient, stage)], afterCommit: [] },
        reservePlan(text, phone, TEXT_MONTHLY_LIMIT, cap),
      ),
    );
    if (reserved === 'stage_moved') throw fail('enrollmentStageMoved');
    if (reserved === 'opted_out') throw fail('textOptedOut');
    if (reserved === 'limit') throw fail('textMonthlyLimit');
    if (reserved === 'daily_limit') throw overDailyLimit('texts', cap.limit);
    if (reserved === 'conflict') throw new Error('invitation reservation canceled');
    slotTaken(cap);

    const key = { patientId: patient.id, id: text.id };
    const { refusal } = await sendReserved(deps, { key, month, to: phone, sender, body });
    if (refusal) throw refusalError(refusal);
    const sentAt = deps.clock.now().toISOString();
    // The text went out: a patient moved meanwhile (consent recorded) keeps the stage it moved to.
    const moved = await commitStageMove(deps.committer, (copy) => invitedPlan(patient, stage, sentAt, copy));
    return { patient_id: patient.id, stage: moved === 'committed' ? 'invited' : stage, channel: 'sms', call_at: null };
  });
}

/**
 * Invites several patients by text, each on its own (one refusal stops nobody else), a few at a
 * time: each patient's outcome, in the order named, with the refusal's code and words.
 */
export async function invitePatientsByText(
  deps: InvitationDeps,
  actor: Actor,
  organizationId: string,
  patientIds: readonly string[],
): Promise<BulkInvitationAnswer> {
  // The organization is checked first: another organization's request answers 404 and sends nothing.
  await organizationForActor(deps, actor, organizationId);
  return inviteEach(patientIds, (id) => invitePatientByText(deps, actor, id));
}
