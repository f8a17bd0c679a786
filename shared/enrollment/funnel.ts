/**
 * The enrollment funnel (DECISIONS "Enrollment"): where each patient of a practice stands between
 * being found eligible and being enrolled. Pure: the patient form, the panel import, consent and
 * invitations all move a patient through it by these rules.
 */
import { MIN_CHRONIC_CONDITIONS } from '../ccm/billing';
import type { ConsentStatus } from '../consent';

/**
 * A PCM candidate (ccm/README.md "PCM"): an active patient with exactly one chronic condition from
 * the care-management list. Not eligible for CCM, but may qualify for Principal Care Management,
 * which bills one complex chronic condition. A hint beside the funnel, not a stage of it: the count
 * of conditions alone decides it, whatever the patient's stage or consent.
 */
export const isPcmCandidate = (conditionCount: number): boolean => conditionCount === 1;

/**
 * `eligible`: two or more chronic conditions, not invited yet; `invited`: an invitation (text or AI
 * call) went out; `interested`: the patient said the care team may call to enrol them; `enrolled`:
 * consent accepted (recorded by staff); `declined`: said no, or consent declined or withdrawn;
 * `unreachable`: invitations went unanswered.
 */
export const ENROLLMENT_STAGES = ['eligible', 'invited', 'interested', 'enrolled', 'declined', 'unreachable'] as const;
export type EnrollmentStage = (typeof ENROLLMENT_STAGES)[number];

/**
 * The stage a patient enters CareLoop at: enrolled when consent is already accepted, declined when
 * it was declined or withdrawn, eligible with two or more chronic conditions; none (outside the
 * funnel) otherwise.
 */
export function enrollmentStageAtStart(
  conditionCount: number,
  consent: ConsentStatus | undefined,
): EnrollmentStage | undefined {
  if (consent === 'accepted') return 'enrolled';
  if (consent === 'declined' || consent === 'withdrawn') return 'declined';
  return conditionCount >= MIN_CHRONIC_CONDITIONS ? 'eligible' : undefined;
}

/**
 * The stage after the care plan's chronic conditions changed to `conditionCount`: a patient outside
 * the funnel enters it as at the start (eligible from two conditions); an eligible patient who no
 * longer has two leaves it (nobody was asked anything yet). Once invited, the patient's answer and
 * consent decide: a stage reached by talking to the patient is never undone by a care plan edit.
 */
export function stageAfterConditions(
  stage: EnrollmentStage | undefined,
  conditionCount: number,
  consent: ConsentStatus | undefined,
): EnrollmentStage | undefined {
  if (stage === undefined) return enrollmentStageAtStart(conditionCount, consent);
  if (stage === 'eligible' && conditionCount < MIN_CHRONIC_CONDITIONS) return undefined;
  return stage;
}

/**
 * The stage after staff recorded consent: accepted enrols, declined or withdrawn declines. Consent
 * is the last word on enrolment, whatever the invitation's answer was.
 */
export function stageAfterConsent(
  stage: EnrollmentStage | undefined,
  consent: ConsentStatus,
  conditionCount: number,
): EnrollmentStage | undefined {
  if (consent === 'accepted') return 'enrolled';
  if (consent === 'declined' || consent === 'withdrawn') return 'declined';
  return stage ?? enrollmentStageAtStart(conditionCount, undefined);
}

/**
 * Stages an invitation may go out from: eligible, and again to a patient who was invited or never
 * answered. Nobody who said yes or no, or who is enrolled, is invited again.
 */
export const INVITABLE_STAGES: readonly EnrollmentStage[] = ['eligible', 'invited', 'unreachable'];

export const isInvitable = (stage: EnrollmentStage | undefined): stage is EnrollmentStage =>
  stage !== undefined && INVITABLE_STAGES.includes(stage);

/** What an invitation drew: yes (the care team may call), no, or nothing after the attempts. */
export type InvitationAnswer = 'yes' | 'no' | 'no_answer';

/**
 * The stage after an invitation's answer. Only an invited patient moves: an answer that comes after
 * staff recorded consent (or after an earlier answer) changes nothing.
 */
export function stageAfterAnswer(
  stage: EnrollmentStage | undefined,
  answer: InvitationAnswer,
): EnrollmentStage | undefined {
  if (stage !== 'invited') return stage;
  if (answer === 'yes') return 'interested';
  if (answer === 'no') return 'declined';
  return 'unreachable';
}
