/**
 * What the worklist rebuild writes for a patient (docs/architecture.md "Writes as plans"): the
 * awaiting-consent item of the patient as read, and none of another consent, only while the
 * patient is still as read.
 */
import {
  AWAITING_RANK,
  awaitingKey,
  activeWithConsent,
  type AwaitingStatus,
} from '../kernel/read-models/awaiting-consent';
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
