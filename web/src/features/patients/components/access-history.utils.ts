import type { AccessHistoryEntry } from '../../../../../shared/domain';
import { ROLE_LABELS, isRole } from '../../../../../shared/roles';

/** A dotted audit verb as words: 'care_plan.revisions.read' → 'Care plan revisions read'. */
export function actionLabel(action: string): string {
  const words = action.replace(/[._]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown action';
}

export const OUTCOME_LABELS: Record<AccessHistoryEntry['outcome'], { label: string; color: string }> = {
  success: { label: 'Success', color: 'green' },
  denied: { label: 'Denied', color: 'red' },
  not_found: { label: 'Not found', color: 'gray' },
  invalid: { label: 'Refused', color: 'yellow' },
  error: { label: 'Error', color: 'red' },
};

export function roleLabel(role: AccessHistoryEntry['actor']['role']): string {
  return isRole(role) ? ROLE_LABELS[role] : 'No role';
}

/** Who did it: their name, else their user id (an account whose profile is gone). */
export function actorLabel(actor: AccessHistoryEntry['actor']): string {
  return actor.name || actor.user_id;
}
