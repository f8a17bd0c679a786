/**
 * What an enrollment invitation by text and its answer write (docs/architecture.md "Writes as
 * plans"): the patient's move through the funnel (shared/enrollment/funnel.ts) with the Enrollment
 * panel's items and counts, each only while the patient is still where it was read.
 */
import { stageAfterAnswer, type EnrollmentStage, type InvitationAnswer } from '../../shared/enrollment/funnel';
import { counterAdd, organizationScope } from '../kernel/read-models/counters';
import { enrollmentCounter, enrollmentEntryKey, withStage } from '../kernel/read-models/enrollment-stages';
import { allOf, listedAsRead, listedFields, type ListedPatient } from '../kernel/read-models/listed-patient';
import type { PatientRecord } from '../kernel/records/patient';
import type { ItemWrite, WritePlan } from '../kernel/write-plan';

type Staged = Pick<PatientRecord, 'id' | 'provider_id' | 'created_at'> & ListedPatient;

/** The patient moved since it was read: its stage or status is not the one the invitation was for. */
export type StageMoved = 'stage_moved';

/** Holds the invitation's transaction to the patient still active at the stage read (nothing written). */
export const invitableCheck = (p: Staged, stage: EnrollmentStage): ItemWrite<StageMoved> => ({
  op: 'check',
  entity: 'patient',
  key: { patient_id: p.id },
  when: withStage({ equal: { status: 'active' } }, stage),
  refusal: 'stage_moved',
});

/**
 * Patients moved from `from` to `to` at `at` in one transaction (several patients of one practice
 * share a number): each patient's stage and item; each counter named once, by the total. With
 * `copy`, each new item copies what the list shows of its patient as read, and the move holds only
 * while that is still so (commitStageMove tries without it when refused).
 */
export function stageMoveWrites(
  patients: readonly Staged[],
  from: EnrollmentStage,
  to: EnrollmentStage,
  at: string,
  copy: boolean,
): ItemWrite<StageMoved>[] {
  if (patients.length === 0 || from === to) return [];
  const organizations = new Map<string, number>();
  for (const p of patients) organizations.set(p.provider_id, (organizations.get(p.provider_id) ?? 0) + 1);
  return [
    ...patients.flatMap((p): ItemWrite<StageMoved>[] => [
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: p.id },
        set: { enrollment_stage: to },
        when: allOf({ equal: { status: 'active', enrollment_stage: from } }, copy ? listedAsRead(p) : undefined),
        refusal: 'stage_moved',
      },
      { op: 'delete', entity: 'enrollmentEntry', key: enrollmentEntryKey(p, from) },
      {
        op: 'put',
        entity: 'enrollmentEntry',
        item: { ...enrollmentEntryKey(p, to), entered_at: at, ...(copy ? listedFields(p) : {}) },
      },
    ]),
    ...[...organizations].flatMap(([organizationId, count]) => [
      counterAdd(organizationScope(organizationId), enrollmentCounter(from), -count),
      counterAdd(organizationScope(organizationId), enrollmentCounter(to), count),
    ]),
  ];
}

/** The invitation went out (Twilio accepted it): the patient is invited, if it was not already. */
export function invitedPlan(p: Staged, from: EnrollmentStage, at: string, copy: boolean): WritePlan<StageMoved> {
  return { transaction: stageMoveWrites([p], from, 'invited', at, copy), afterCommit: [] };
}

/** Where an invited patient's answer moves it. */
export const answeredStage = (answer: InvitationAnswer): EnrollmentStage => stageAfterAnswer('invited', answer)!;
