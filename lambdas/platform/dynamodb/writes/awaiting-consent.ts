/**
 * The worklist's patients awaiting consent (entities.ts `awaitingConsent`; the plans write them
 * with kernel/read-models/awaiting-consent.ts): the count's key the read model and the rebuild
 * job use.
 */
import { COUNTER, organizationScope } from '../../../kernel/read-models/counters';

/** The organization's count of patients awaiting consent (a counter item). */
export const awaitingCounterKey = (organizationId: string) => ({
  scope: organizationScope(organizationId),
  name: COUNTER.awaitingConsent,
});
