import { describe, expect, it } from 'vitest';
import { isPcmCandidate } from '../../../shared/enrollment/funnel';
import { PCM_CANDIDATES_COUNTER, pcmCandidateWrites } from './pcm-candidates';

const p = {
  id: 'p1',
  provider_id: 'o-1',
  created_at: '2026-01-01T00:00:00.000Z',
  first_name: 'Ann',
  last_name: 'Lee',
  phone_number: null,
  preferred_language: 'es' as const,
};
const copy = { first_name: 'Ann', last_name: 'Lee', condition_count: 1, has_phone: false, preferred_language: 'es' };
const key = { provider_id: 'o-1', created_at: p.created_at, patient_id: 'p1' };
const count = (by: number) => ({
  op: 'upsert',
  entity: 'counter',
  key: { scope: 'organization#o-1', name: PCM_CANDIDATES_COUNTER },
  add: { value: by },
});

describe('the PCM candidates read model', () => {
  it('names exactly one chronic condition a PCM candidate', () => {
    expect([0, 1, 2, 3].map(isPcmCandidate)).toEqual([false, true, false, false]);
  });

  it('lists and counts a patient reaching one condition, from none, two or as a new patient', () => {
    const entered = [{ op: 'put', entity: 'pcmCandidate', item: { ...key, entered_at: 'AT', ...copy } }, count(1)];
    expect(pcmCandidateWrites(p, 0, 1, 'AT')).toEqual(entered);
    expect(pcmCandidateWrites(p, 2, 1, 'AT')).toEqual(entered);
    expect(pcmCandidateWrites(p, undefined, 1, 'AT')).toEqual(entered);
  });

  it('takes out a candidate gaining or losing a condition, or no longer active', () => {
    const left = [{ op: 'delete', entity: 'pcmCandidate', key }, count(-1)];
    expect(pcmCandidateWrites(p, 1, 2, 'AT')).toEqual(left);
    expect(pcmCandidateWrites(p, 1, 0, 'AT')).toEqual(left);
    expect(pcmCandidateWrites(p, 1, undefined, 'AT')).toEqual(left);
  });

  it('writes nothing when the patient stays a candidate, or stays none', () => {
    expect(pcmCandidateWrites(p, 1, 1, 'AT')).toEqual([]);
    expect(pcmCandidateWrites(p, 2, 3, 'AT')).toEqual([]);
    expect(pcmCandidateWrites(p, 0, undefined, 'AT')).toEqual([]);
    expect(pcmCandidateWrites(p, undefined, 2, 'AT')).toEqual([]);
  });
});
