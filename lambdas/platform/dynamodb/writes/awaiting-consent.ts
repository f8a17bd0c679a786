/**
 * The worklist's patients awaiting consent (entities.ts `awaitingConsent`; the plans write them
 * with kernel/read-models/awaiting-consent.ts): the keys and conditions the read model and the
 * rebuild job use.
 */
import type { ConsentStatus } from '../../../../shared/consent';
import { COUNTER, organizationScope } from '../../../kernel/read-models/counters';

type ConsentCondition = (attribute: unknown, value?: unknown) => string;

/** A condition that the stored consent status is `status` ('not_asked' is never stored: the attribute is absent). */
export function consentIs(
  attribute: unknown,
  status: ConsentStatus | undefined,
  ops: { eq: ConsentCondition; notExists: ConsentCondition },
): string {
  return status === undefined || status === 'not_asked' ? ops.notExists(attribute) : ops.eq(attribute, status);
}

/** The organization's count of patients awaiting consent (a counter item). */
export const awaitingCounterKey = (organizationId: string) => ({
  scope: organizationScope(organizationId),
  name: COUNTER.awaitingConsent,
});
