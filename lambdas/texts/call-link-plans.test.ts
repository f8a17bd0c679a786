import { describe, expect, it } from 'vitest';
import { releaseCallPlan, revokePlan } from './call-link-plans';

const AT = '2026-03-04T15:00:00.000Z';

describe('call link plans', () => {
  it("revokes every call link of the patient made until now, creating the patient's links item when it is the first change", () => {
    expect(revokePlan('p-1', 'o-1', AT)).toEqual({
      transaction: [
        {
          op: 'upsert',
          entity: 'patientLinks',
          key: { patient_id: 'p-1' },
          set: { provider_id: 'o-1', revoked_at: AT },
        },
      ],
      afterCommit: [],
    });
  });

  it("gives the patient's call window back only while the call placed at that time holds it", () => {
    expect(releaseCallPlan('p-1', AT)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'patientLinks',
          key: { patient_id: 'p-1' },
          remove: ['call_at'],
          when: { equal: { call_at: AT } },
          refusal: 'not_held',
        },
      ],
      afterCommit: [],
    });
  });
});
