import { describe, expect, it } from 'vitest';
import {
  CONSENT_DISCLOSURES,
  CONSENT_SCRIPT,
  consentCoverageFromLatest,
  consentCoversMonth,
  type ConsentChange,
} from './consent';

const accepted = (date: string): ConsentChange => ({ status: 'accepted', date });
const withdrawn = (date: string): ConsentChange => ({ status: 'withdrawn', date });
const declined = (date: string): ConsentChange => ({ status: 'declined', date });

describe('consentCoversMonth', () => {
  it('covers the month of acceptance and every month after it', () => {
    const history = [accepted('2026-03-31')];
    expect(consentCoversMonth(history, '2026-02')).toBe(false);
    expect(consentCoversMonth(history, '2026-03')).toBe(true);
    expect(consentCoversMonth(history, '2026-09')).toBe(true);
  });

  it('keeps the month of a withdrawal covered (it takes effect at the month end), not the next', () => {
    const history = [accepted('2026-03-02'), withdrawn('2026-06-10')];
    expect(consentCoversMonth(history, '2026-05')).toBe(true);
    expect(consentCoversMonth(history, '2026-06')).toBe(true);
    expect(consentCoversMonth(history, '2026-07')).toBe(false);
  });

  it('covers a second period after a re-acceptance, and not the gap between', () => {
    const history = [accepted('2026-01-05'), withdrawn('2026-02-20'), accepted('2026-05-01')];
    expect(consentCoversMonth(history, '2026-02')).toBe(true);
    expect(consentCoversMonth(history, '2026-03')).toBe(false);
    expect(consentCoversMonth(history, '2026-04')).toBe(false);
    expect(consentCoversMonth(history, '2026-05')).toBe(true);
  });

  it('never covers without an acceptance', () => {
    expect(consentCoversMonth([], '2026-05')).toBe(false);
    expect(consentCoversMonth([declined('2026-01-05')], '2026-05')).toBe(false);
    expect(consentCoversMonth([{ status: 'not_asked', date: null }], '2026-05')).toBe(false);
  });
});

describe('consentCoverageFromLatest', () => {
  it('settles the month from the latest change when no earlier period can matter', () => {
    expect(consentCoverageFromLatest(accepted('2026-03-02'), '2026-03')).toBe('covered');
    expect(consentCoverageFromLatest(accepted('2026-03-02'), '2026-08')).toBe('covered');
    expect(consentCoverageFromLatest(withdrawn('2026-03-02'), '2026-04')).toBe('not covered');
    expect(consentCoverageFromLatest({ status: 'not_asked', date: null }, '2026-04')).toBe('not covered');
  });

  it('asks for the history for a month before a later change', () => {
    expect(consentCoverageFromLatest(withdrawn('2026-06-10'), '2026-05')).toBe('history');
    expect(consentCoverageFromLatest(withdrawn('2026-06-10'), '2026-06')).toBe('history');
    expect(consentCoverageFromLatest(accepted('2026-06-10'), '2026-05')).toBe('history');
  });

  it('agrees with the full history whenever it settles a month', () => {
    const histories = [
      [accepted('2026-01-05')],
      [accepted('2026-01-05'), withdrawn('2026-03-09')],
      [accepted('2026-01-05'), withdrawn('2026-03-09'), accepted('2026-05-01')],
      [declined('2026-02-01')],
    ];
    for (const history of histories) {
      for (const month of ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']) {
        const coverage = consentCoverageFromLatest(history.at(-1)!, month);
        if (coverage !== 'history') expect(coverage === 'covered').toBe(consentCoversMonth(history, month));
      }
    }
  });
});

describe('CONSENT_SCRIPT', () => {
  it('has every disclosure in both languages, each Spanish sentence its own', () => {
    for (const disclosure of CONSENT_DISCLOSURES) {
      expect(CONSENT_SCRIPT.en[disclosure].trim()).not.toBe('');
      expect(CONSENT_SCRIPT.es[disclosure].trim()).not.toBe('');
      expect(CONSENT_SCRIPT.es[disclosure]).not.toBe(CONSENT_SCRIPT.en[disclosure]);
    }
    expect(Object.keys(CONSENT_SCRIPT.es).sort()).toEqual([...CONSENT_DISCLOSURES].sort());
  });
});
