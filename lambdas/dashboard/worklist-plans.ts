/**
 * What the worklist rebuild writes for a patient (docs/architecture.md "Writes as plans"): the
 * awaiting-consent item of the patient as read, and none of another consent, the enrollment stage
 * of a patient stored before the funnel, and the PCM candidate item of one stored before those,
 * only while the patient is still as read.
 */
import { enrollmentStageAtStart, isPcmCandidate } from '../../shared/enrollment/funnel';
import {
  AWAITING_RANK,
  awaitingKey,
  activeWithConsent,
  type AwaitingStatus,
} from '../kernel/read-models/awaiting-consent';
import { COUNTER, counterAdd, organizationScope } from '../kernel/read-models/counters';
import { enrollmentStageWrites, withStage } from '../kernel/read-models/enrollment-stages';
import { PCM_CANDIDATES_COUNTER, pcmCandidateKey } from '../kernel/read-models/pcm-candidates';
import { allOf, listedAsRead, listedFields } from '../kernel/read-models/listed-patient';
import type { PatientRecord } from '../kernel/records/patient';
import type { ItemWrite, WritePlan } from '../kernel/write-plan';

const AWAITING_STATUSES = Object.keys(AWAITING_RANK) as AwaitingStatus[];

/**
 * Makes the patient's awaiting-consent item match the patient as read (active in its organization,
 * with this consent): `changed` when the patient moved meanwhile, and nothing is written.
 */
export function awaitingSyncPlan(p: PatientRecord): WritePlan<'changed'> {
  const status = p.consent?.status ?? 'not_asked';
  const awaiting = status === 'accepted' ? null : status;
  return {
    transaction: [
      {
        op: 'check',
        entity: 'patient',
        key: { patient_id: p.id },
        when: activeWithConsent(status, { provider_id: p.provider_id }),
        refusal: 'changed',
      },
      // The item of its consent, and none of another (a delete of a missing item is no error).
      ...AWAITING_STATUSES.map((s): ItemWrite =>
        s === awaiting
          ? { op: 'put', entity: 'awaitingConsent', item: { ...awaitingKey(p, s), consent_status: s } }
          : { op: 'delete', entity: 'awaitingConsent', key: awaitingKey(p, s) },
      ),
    ],
    afterCommit: [],
  };
}

/**
 * Sets the organization's awaiting-consent count to the number of its items, only while the count
 * is still the one read (`counted`, null: none yet): `moved` when a change committed meanwhile.
 */
export function recountPlan(organizationId: string, counted: number | null, items: number): WritePlan<'moved'> {
  return {
    transaction: [
      {
        op: 'upsert',
        entity: 'counter',
        key: { scope: organizationScope(organizationId), name: COUNTER.awaitingConsent },
        set: { value: items },
        when: counted === null ? { missing: ['value'] } : { equal: { value: counted } },
        refusal: 'moved',
      },
    ],
    afterCommit: [],
  };
}

/** A pending call's place in its organization's list, as read. */
export interface ListedCall {
  id: string;
  providerId: string;
  list: string;
  listAt: string;
}

/**
 * Writes a pending call's keys of its organization's list again (setting the composites writes the
 * index keys), only while the call is still where it was read: `moved` otherwise.
 */
export function indexCallPlan(call: ListedCall): WritePlan<'moved'> {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'callLog',
        key: { call_log_id: call.id },
        set: { provider_id: call.providerId, list: call.list, list_at: call.listAt },
        when: { equal: { list: call.list, list_at: call.listAt } },
        refusal: 'moved',
      },
    ],
    afterCommit: [],
  };
}

/**
 * Gives a patient stored before the enrollment funnel the stage it would have entered at, with its
 * Enrollment panel item and count, at `at`: null when it has a stage or stays outside the funnel.
 * It holds only while the patient is active with the consent, condition count (and what the panel's
 * list copies of it) read and still has no stage (`changed` otherwise: a care plan or consent saved since wrote its stage), so a
 * second run adds nothing.
 */
export function enrollmentBackfillPlan(p: PatientRecord, at: string): WritePlan<'changed'> | null {
  const status = p.consent?.status ?? 'not_asked';
  const stage = p.enrollmentStage ? undefined : enrollmentStageAtStart(p.conditionCount ?? 0, status);
  if (!stage) return null;
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: p.id },
        set: { enrollment_stage: stage },
        when: allOf(
          withStage(activeWithConsent(status, { provider_id: p.provider_id }), undefined),
          { missingOr: { equal: { condition_count: p.conditionCount ?? 0 } } },
          // The item copies what the list shows of the patient as read (listed-patient.ts).
          listedAsRead(p),
        ),
        refusal: 'changed',
      },
      ...enrollmentStageWrites(p, undefined, stage, at),
    ],
    afterCommit: [],
  };
}

/**
 * Gives an active patient with one chronic condition, stored before the PCM candidates were kept,
 * its item and count: null when the patient is not one. It holds only while the patient is still
 * active in its organization with that one condition (and what the list copies of it), and creates the item (`changed` when it
 * exists or the patient moved: its own writes kept the item), so a second run adds nothing.
 */
export function pcmBackfillPlan(p: PatientRecord, at: string): WritePlan<'changed'> | null {
  if (p.status !== 'active' || !isPcmCandidate(p.conditionCount ?? 0)) return null;
  return {
    transaction: [
      {
        op: 'check',
        entity: 'patient',
        key: { patient_id: p.id },
        when: allOf(
          { equal: { status: 'active', provider_id: p.provider_id, condition_count: p.conditionCount ?? 0 } },
          // The item copies what the list shows of the patient as read (listed-patient.ts).
          listedAsRead(p),
        ),
        refusal: 'changed',
      },
      {
        op: 'create',
        entity: 'pcmCandidate',
        item: { ...pcmCandidateKey(p), entered_at: at, ...listedFields(p) },
        refusal: 'changed',
      },
      counterAdd(organizationScope(p.provider_id), PCM_CANDIDATES_COUNTER),
    ],
    afterCommit: [],
  };
}
