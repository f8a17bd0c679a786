/**
 * The worklist's patients awaiting consent as plan writes (kernel/write-plan.ts): the patient's item
 * and the organization's count, moved with every change of a patient's consent.
 */
import type { ConsentStatus } from '../../../shared/consent';
import type { PatientRecord } from '../records/patient';
import type { ItemWrite, WriteCondition } from '../write-plan';
import { COUNTER, counterAdd, organizationScope } from './counters';

/** Sort rank of the worklist's consent group, read newest first: not asked, then declined, then withdrawn. */
export const AWAITING_RANK = { not_asked: '3', declined: '2', withdrawn: '1' } as const;

export type AwaitingStatus = Exclude<ConsentStatus, 'accepted'>;

type AwaitingPatient = Pick<PatientRecord, 'id' | 'provider_id' | 'created_at'>;

/** The key of a patient's item while its consent is `status`. */
export const awaitingKey = (p: AwaitingPatient, status: AwaitingStatus) => ({
  provider_id: p.provider_id,
  rank: AWAITING_RANK[status],
  created_at: p.created_at,
  patient_id: p.id,
});

/** The condition that the stored consent status is `status` ('not_asked' is never stored: the attribute is absent). */
export function consentIsCondition(status: ConsentStatus | undefined): WriteCondition {
  return status === undefined || status === 'not_asked'
    ? { missing: ['consent_status'] }
    : { equal: { consent_status: status } };
}

/**
 * The condition that the patient is active (with the `equal` attributes given, its organization)
 * and its stored consent is still `status`: a change made for the patient as read.
 */
export function activeWithConsent(
  status: ConsentStatus | undefined,
  equal: Readonly<Record<string, string>> = {},
): WriteCondition {
  const still = consentIsCondition(status);
  return { ...still, equal: { status: 'active', ...equal, ...still.equal } };
}

/**
 * The writes that keep a patient's worklist item (awaiting consent) and the organization's count in
 * step with a change of consent (`null`: the patient is not active before, or no longer after).
 */
export function awaitingConsentWrites(
  p: AwaitingPatient,
  before: ConsentStatus | null,
  after: ConsentStatus | null,
): ItemWrite[] {
  const was = before !== null && before !== 'accepted' ? before : null;
  const is = after !== null && after !== 'accepted' ? after : null;
  const scope = organizationScope(p.provider_id);
  return [
    ...(was ? [{ op: 'delete', entity: 'awaitingConsent', key: awaitingKey(p, was) } as const] : []),
    ...(is
      ? [{ op: 'put', entity: 'awaitingConsent', item: { ...awaitingKey(p, is), consent_status: is } } as const]
      : []),
    ...(was && !is ? [counterAdd(scope, COUNTER.awaitingConsent, -1)] : []),
    ...(is && !was ? [counterAdd(scope, COUNTER.awaitingConsent)] : []),
  ];
}
