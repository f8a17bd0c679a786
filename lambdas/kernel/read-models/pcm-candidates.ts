/**
 * The Enrollment panel's PCM candidates as plan writes (kernel/write-plan.ts): a patient's
 * `pcm_candidate` item and the organization's count move in the transaction that moves its
 * `condition_count` or its status (create, care plan save, archive, import), so the count is read
 * with the funnel's counts and the list is one Query. Active patients only, as the funnel's.
 */
import { isPcmCandidate } from '../../../shared/enrollment/funnel';
import type { PatientRecord } from '../records/patient';
import type { ItemWrite } from '../write-plan';
import { counterAdd, organizationScope } from './counters';

type ListedPatient = Pick<PatientRecord, 'id' | 'provider_id' | 'created_at'>;

/**
 * The organization's counter of PCM candidates: named under `enrollment#` so that the one Query of
 * the funnel's counters reads it too.
 */
export const PCM_CANDIDATES_COUNTER = 'enrollment#pcm_candidates';

/** The key of a patient's item while it is a PCM candidate. */
export const pcmCandidateKey = (p: ListedPatient) => ({
  provider_id: p.provider_id,
  created_at: p.created_at,
  patient_id: p.id,
});

/**
 * The writes that keep a patient's item and the organization's count in step when its number of
 * chronic conditions moves from `before` to `after` (`undefined`: not an active patient then). `at`
 * is when the move happened; nothing when it stays a candidate, or stays none.
 */
export function pcmCandidateWrites(
  p: ListedPatient,
  before: number | undefined,
  after: number | undefined,
  at: string,
): ItemWrite[] {
  const was = before !== undefined && isPcmCandidate(before);
  const is = after !== undefined && isPcmCandidate(after);
  if (was === is) return [];
  const scope = organizationScope(p.provider_id);
  return was
    ? [{ op: 'delete', entity: 'pcmCandidate', key: pcmCandidateKey(p) }, counterAdd(scope, PCM_CANDIDATES_COUNTER, -1)]
    : [
        { op: 'put', entity: 'pcmCandidate', item: { ...pcmCandidateKey(p), entered_at: at } },
        counterAdd(scope, PCM_CANDIDATES_COUNTER),
      ];
}
