/**
 * How a patient's call links change as a whole (docs/architecture.md "Writes as plans"; issue 21):
 * one item per patient holds when staff last revoked them and when one of them last placed a call
 * (taken with the call's plan, kernel/call-log-writes.ts).
 */
import type { WritePlan } from '../kernel/write-plan';

const patientLinksKey = (patientId: string) => ({ patient_id: patientId });

/** Every call link of the patient created until `at` is revoked (the item is created if it is the first change). */
export function revokePlan(patientId: string, organizationId: string, at: string): WritePlan {
  return {
    transaction: [
      {
        op: 'upsert',
        entity: 'patientLinks',
        key: patientLinksKey(patientId),
        set: { provider_id: organizationId, revoked_at: at },
      },
    ],
    afterCommit: [],
  };
}

/** The window was taken by another call since (or never by this one): it is not this call's to give back. */
export type NotHeld = 'not_held';

/** A call placed at `at` could not be dialled: the patient's window is given back, if that call still holds it. */
export function releaseCallPlan(patientId: string, at: string): WritePlan<NotHeld> {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'patientLinks',
        key: patientLinksKey(patientId),
        remove: ['call_at'],
        when: { equal: { call_at: at } },
        refusal: 'not_held',
      },
    ],
    afterCommit: [],
  };
}
