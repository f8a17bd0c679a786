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
import { listedFields, type ListedPatient } from './listed-patient';

type CandidateKey = Pick<PatientRecord, 'id' | 'provider_id' | 'created_at'>;
type Candidate = CandidateKey & ListedPatient;

/**
 * The organization's counter of PCM candidates: named under `enrollment#` so that the one Query of
 * the funnel's counters reads it too.
 */
export const PCM_CANDIDATES_COUNTER = 'enrollment#pcm_candidates';

/** The key of a patient's item while it is a PCM candidate. */
export const pcmCandidateKey = (p: CandidateKey) => ({
  provider_id: p.provider_id,
  created_at: p.created_at,
  patient_id: p.id,
});

/**
 * The writes that keep a patient's item and the organization's count in step when its number of
 * chronic conditions moves from `before` to `after` (`undefined`: not an active patient then). `at`
 * is when the move happened; nothing when it stays a candidate, or stays none. A new item copies
 * what the list shows of `p` (listed-patient.ts) with the count `after`.
 */
export function pcmCandidateWrites(
  p: Candidate,
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
        {
          op: 'put',
          entity: 'pcmCandidate',
          item: { ...pcmCandidateKey(p), entered_at: at, ...listedFields({ ...p, conditionCount: after }) },
        },
        counterAdd(scope, PCM_CANDIDATES_COUNTER),
      ];
}

/**
 * What moves the copy on a PCM candidate's item to `after`, the patient as the plan leaves it (its
 * condition count unchanged): a patch when the item was read (`listed`), else the condition that it
 * is still missing (a candidate stored before the items were kept, until `rebuild-worklist` gives it
 * one), so that an item created meanwhile from the patient as it was refuses the plan rather than
 * keeping the old copy. Nothing for a patient that is not a candidate. The plan holds only while the
 * condition count is still the one read.
 */
export function pcmCandidateCopy(after: Candidate, listed: boolean): ItemWrite<never>[] {
  if (!isPcmCandidate(after.conditionCount ?? 0)) return [];
  const key = pcmCandidateKey(after);
  return listed
    ? [{ op: 'patch', entity: 'pcmCandidate', key, set: { ...listedFields(after) } }]
    : [{ op: 'check', entity: 'pcmCandidate', key, when: { missing: ['patient_id'] } }];
}
