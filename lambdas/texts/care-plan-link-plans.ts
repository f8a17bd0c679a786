/**
 * How a care plan link's tries change (docs/architecture.md "Writes as plans"; shared/care-plan-link.ts):
 * each wrong date of birth adds one to the link's count, only while it is below the most allowed, so
 * two wrong tries at once can never pass the lock between them.
 */
import { CARE_PLAN_LINK_MAX_WRONG } from '../../shared/care-plan-link';
import type { WritePlan } from '../kernel/write-plan';

/** The link was locked already (another wrong try took the last one meanwhile). */
export type LinkLocked = 'locked';

/** One more wrong date of birth on the link under `tokenHash`; refused as `locked` once the tries are used up. */
export function wrongDatePlan(tokenHash: string): WritePlan<LinkLocked> {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'link',
        key: { token_hash: tokenHash },
        add: { wrong_attempts: 1 },
        when: { missingOr: { below: { wrong_attempts: CARE_PLAN_LINK_MAX_WRONG } } },
        refusal: 'locked',
      },
    ],
    afterCommit: [],
  };
}
