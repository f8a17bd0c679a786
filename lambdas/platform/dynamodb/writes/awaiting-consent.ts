/**
 * The worklist's patients awaiting consent (entities.ts `awaitingConsent`): the items and the
 * organization's count that every consent, create and archive transaction of a patient writes
 * with it, and the keys the read model and the rebuild job use.
 */
import type { ConsentStatus } from '../../../../shared/consent';
import type { PatientRecord } from '../../../kernel/records/patient';
import { COUNTER, organizationScope } from '../../../kernel/read-models/counters';
import { awaitingKey, type AwaitingStatus } from '../../../kernel/read-models/awaiting-consent';
import type { CareLoopService } from '../entities';

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

/** The entities as a write transaction hands them to its callback. */
type AwaitingEntities = Pick<
  Parameters<Parameters<CareLoopService['transaction']['write']>[0]>[0],
  'awaitingConsent' | 'counter'
>;

/**
 * The writes that keep a patient's worklist item (awaiting consent) and the organization's count in
 * step with a change of consent (`null`: the patient is not active before, or no longer after).
 */
export function awaitingWrites(
  { awaitingConsent, counter }: AwaitingEntities,
  p: Pick<PatientRecord, 'id' | 'provider_id' | 'created_at'>,
  before: ConsentStatus | null,
  after: ConsentStatus | null,
) {
  const key = (status: AwaitingStatus) => awaitingKey(p, status);
  const was = before !== null && before !== 'accepted' ? before : null;
  const is = after !== null && after !== 'accepted' ? after : null;
  const count = counter.update(awaitingCounterKey(p.provider_id));
  return [
    ...(was ? [awaitingConsent.delete(key(was)).commit()] : []),
    ...(is ? [awaitingConsent.put({ ...key(is), consent_status: is }).commit()] : []),
    ...(was && !is ? [count.subtract({ value: 1 }).commit()] : []),
    ...(is && !was ? [count.add({ value: 1 }).commit()] : []),
  ];
}
