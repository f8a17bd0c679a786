import { describe, expect, it } from 'vitest';
import { awaitingConsentWrites, consentIsCondition } from './awaiting-consent';

const p = { id: 'p1', provider_id: 'org-1', created_at: '2026-03-01T12:00:00.000Z' };
const key = (rank: string) => ({ provider_id: 'org-1', rank, created_at: p.created_at, patient_id: 'p1' });
const count = (by: number) => ({
  op: 'upsert',
  entity: 'counter',
  key: { scope: 'organization#org-1', name: 'awaiting_consent' },
  add: { value: by },
});

describe('the worklist’s patients awaiting consent', () => {
  it('lists a new patient not asked, and counts them', () => {
    expect(awaitingConsentWrites(p, null, 'not_asked')).toEqual([
      { op: 'put', entity: 'awaitingConsent', item: { ...key('3'), consent_status: 'not_asked' } },
      count(1),
    ]);
  });

  it('moves a declined patient to the withdrawn group without counting them twice', () => {
    expect(awaitingConsentWrites(p, 'declined', 'withdrawn')).toEqual([
      { op: 'delete', entity: 'awaitingConsent', key: key('2') },
      { op: 'put', entity: 'awaitingConsent', item: { ...key('1'), consent_status: 'withdrawn' } },
    ]);
  });

  it('takes a patient who accepts, or is archived, off the list and the count', () => {
    const off = [{ op: 'delete', entity: 'awaitingConsent', key: key('3') }, count(-1)];
    expect(awaitingConsentWrites(p, 'not_asked', 'accepted')).toEqual(off);
    expect(awaitingConsentWrites(p, 'not_asked', null)).toEqual(off);
    expect(awaitingConsentWrites(p, 'accepted', null)).toEqual([]);
  });

  it('reads an absent consent status as not asked', () => {
    expect(consentIsCondition(undefined)).toEqual({ missing: ['consent_status'] });
    expect(consentIsCondition('not_asked')).toEqual({ missing: ['consent_status'] });
    expect(consentIsCondition('declined')).toEqual({ equal: { consent_status: 'declined' } });
  });
});
