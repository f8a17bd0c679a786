/**
 * The Enrollment panel's read model as plan writes (kernel/write-plan.ts): a patient's
 * `enrollment_stage` moves in the patient's own patch, and its `enrollment_entry` item and the
 * organization's count per stage move with it, in the same transaction. Counts and lists hold
 * active patients only: archiving takes the patient out of both and keeps its stage.
 */
import type { EnrollmentStage } from '../../../shared/enrollment/funnel';
import type { PatientRecord } from '../records/patient';
import type { ItemWrite, WriteCondition } from '../write-plan';
import { counterAdd, organizationScope } from './counters';

type StagedPatient = Pick<PatientRecord, 'id' | 'provider_id' | 'created_at'>;

/** The organization's counter of active patients at `stage`. */
export const enrollmentCounter = (stage: EnrollmentStage) => `enrollment#${stage}`;

/** The key of a patient's item while it is at `stage`. */
export const enrollmentEntryKey = (p: StagedPatient, stage: EnrollmentStage) => ({
  provider_id: p.provider_id,
  stage,
  created_at: p.created_at,
  patient_id: p.id,
});

/** The condition that the stored stage is `stage` (absent: outside the funnel). */
export function stageIsCondition(stage: EnrollmentStage | undefined): WriteCondition {
  return stage === undefined ? { missing: ['enrollment_stage'] } : { equal: { enrollment_stage: stage } };
}

/** `when` and the condition that the stored stage is still `stage`, together. */
export function withStage(when: WriteCondition | undefined, stage: EnrollmentStage | undefined): WriteCondition {
  const still = stageIsCondition(stage);
  return {
    ...when,
    ...(still.missing ? { missing: [...(when?.missing ?? []), ...still.missing] } : {}),
    ...(still.equal ? { equal: { ...when?.equal, ...still.equal } } : {}),
  };
}

/** What the patient's own patch carries to move its stage from `before` to `after` (nothing when it stays). */
export function stagePatch(
  before: EnrollmentStage | undefined,
  after: EnrollmentStage | undefined,
): { set: Record<string, string>; remove: string[] } {
  if (before === after) return { set: {}, remove: [] };
  return after === undefined
    ? { set: {}, remove: ['enrollment_stage'] }
    : { set: { enrollment_stage: after }, remove: [] };
}

/**
 * The writes that keep a patient's item and the organization's counts in step with a move of its
 * stage (`undefined`: outside the funnel, or not active before or after). `at` is when the move
 * happened.
 */
export function enrollmentStageWrites(
  p: StagedPatient,
  before: EnrollmentStage | undefined,
  after: EnrollmentStage | undefined,
  at: string,
): ItemWrite[] {
  if (before === after) return [];
  const scope = organizationScope(p.provider_id);
  return [
    ...(before
      ? [
          { op: 'delete', entity: 'enrollmentEntry', key: enrollmentEntryKey(p, before) } as const,
          counterAdd(scope, enrollmentCounter(before), -1),
        ]
      : []),
    ...(after
      ? [
          {
            op: 'put',
            entity: 'enrollmentEntry',
            item: { ...enrollmentEntryKey(p, after), entered_at: at },
          } as const,
          counterAdd(scope, enrollmentCounter(after)),
        ]
      : []),
  ];
}
