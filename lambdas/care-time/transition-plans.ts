/** The write of a care transition (docs/architecture.md "Writes as plans"). */
import { definedValues, type WritePlan } from '../kernel/write-plan';
import type { TransitionRecord } from './ports';

/** The item a transition is stored as (platform/dynamodb/entities/care-transition.ts; the table keeps no nulls). */
export function transitionItem(t: TransitionRecord): Record<string, unknown> {
  return definedValues({
    patient_id: t.patient_id,
    transition_id: t.id,
    provider_id: t.provider_id,
    kind: t.kind,
    date: t.date,
    facility: t.facility ?? undefined,
    note: t.note ?? undefined,
    recorded_by: t.recorded_by,
    recorded_by_name: t.recorded_by_name,
    recorded_at: t.recorded_at,
  });
}

/** The transition's write: a new item (its id is new, so nothing can refuse it but a clash of ids). */
export function transitionPlan(t: TransitionRecord): WritePlan<never> {
  return { transaction: [{ op: 'create', entity: 'careTransition', item: transitionItem(t) }], afterCommit: [] };
}
