/**
 * The enrollment funnel (DECISIONS "Enrollment"): where each patient of a practice stands between
 * being found eligible and being enrolled. Pure: the patient form, the panel import, consent and
 * invitations all move a patient through it by these rules.
 */
import { MIN_CHRONIC_CONDITIONS } from '../ccm/billing';
import type { ConsentStatus } from '../consent';

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
