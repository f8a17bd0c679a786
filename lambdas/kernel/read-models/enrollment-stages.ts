/**
 * The Enrollment panel's read model as plan writes (kernel/write-plan.ts): a patient's
 * `enrollment_stage` moves in the patient's own patch, and its `enrollment_entry` item and the
 * organization's count per stage move with it, in the same transaction. Counts and lists hold
 * active patients only: archiving takes the patient out of both and keeps its stage.
 */
import type { EnrollmentStage } from '../../../shared/enrollment/funnel';
import type { PatientRecord } from '../records/patient';
import type { CommitOutcome, ItemWrite, WriteCommitter, WriteCondition, WritePlan } from '../write-plan';
import { counterAdd, organizationScope } from './counters';
import { listedFields, type ListedPatient } from './listed-patient';

type StagedKey = Pick<PatientRecord, 'id' | 'provider_id' | 'created_at'>;
type StagedPatient = StagedKey & ListedPatient;

/** The organization's counter of active patients at `stage`. */
export const enrollmentCounter = (stage: EnrollmentStage) => `enrollment#${stage}`;

/** The key of a patient's item while it is at `stage`. */
export const enrollmentEntryKey = (p: StagedKey, stage: EnrollmentStage) => ({
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
 * happened. The new item copies what the list shows of `p` (listed-patient.ts), so `p` is the
 * patient as it is once the plan committed, and the plan holds only while the patient is still as
 * read (listedAsRead); given only its key, the item carries no copy and the list reads the patient.
 */
export function enrollmentStageWrites(
  p: StagedKey | StagedPatient,
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
            item: { ...enrollmentEntryKey(p, after), entered_at: at, ...copyOf(p) },
          } as const,
          counterAdd(scope, enrollmentCounter(after)),
        ]
      : []),
  ];
}

/**
 * The patch that moves the copy on the item of a patient that stays at `stage` (active, in the funnel)
 * to `after`, the patient as the plan leaves it; nothing outside the funnel. The item exists: every
 * write of an active patient's stage writes it in the same transaction, so the plan that carries
 * this holds only while the stage is still `stage` (withStage).
 */
export function enrollmentEntryCopy(after: StagedPatient, stage: EnrollmentStage | undefined): ItemWrite<never>[] {
  if (!stage) return [];
  return [
    { op: 'patch', entity: 'enrollmentEntry', key: enrollmentEntryKey(after, stage), set: { ...listedFields(after) } },
  ];
}

/** What a new item copies of `p`: nothing when only its key is given. */
const copyOf = (p: StagedKey | StagedPatient) => ('first_name' in p ? listedFields(p) : {});

/** A patient given by its key alone: its new item carries no copy (see commitStageMove). */
export const keyOf = (p: StagedKey): StagedKey => ({ id: p.id, provider_id: p.provider_id, created_at: p.created_at });

/**
 * Commits a move of the stage built with a copy of the patient as read (`build(true)`), which holds
 * only while the patient still shows what was read; refused, the same move once more without the
 * copy (`build(false)`), whose item the list names by reading the patient. A move made long after
 * the read (a text sent, a call answered) is not lost to an edit of the patient's name meanwhile.
 */
export async function commitStageMove<R extends string>(
  committer: WriteCommitter,
  build: (copy: boolean) => WritePlan<R>,
): Promise<CommitOutcome<R>> {
  const copied = await committer.commit(build(true));
  return copied === 'committed' ? copied : committer.commit(build(false));
}
