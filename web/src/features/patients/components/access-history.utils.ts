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

/** Who did it: their name (for CareLoop itself, which webhook or job), else their user id (an account whose profile is gone). */
export function actorLabel(actor: AccessHistoryEntry['actor']): string {
  return actor.name || actor.user_id;
}

/** The role column: a system actor or the patient's own link has no role, and says what it is instead. */
export function actorRoleLabel(actor: AccessHistoryEntry['actor']): string {
  if (actor.kind === 'system') return 'System';
  if (actor.kind === 'patient') return 'Patient';
  return roleLabel(actor.role);
}

/** Filter choices from the events seen so far: each action once, each actor once (by id), sorted by label. */
export function filterChoices(entries: readonly AccessHistoryEntry[]) {
  const actions = new Map(entries.map((e) => [e.action, actionLabel(e.action)]));
  const actors = new Map(entries.map((e) => [e.actor.user_id, actorLabel(e.actor)]));
  const sorted = (m: Map<string, string>) =>
    [...m].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  return { actions: sorted(actions), actors: sorted(actors) };
}
