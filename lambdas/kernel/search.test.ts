import { describe, expect, it } from 'vitest';
import { isRecordId } from './access';
import { indexTerms, normalizeSearch, personTerms, searchPrefix, stillMatches } from './search';

describe('normalizeSearch', () => {
  it('lower-cases, drops accents and collapses spaces, so terms and searches compare alike', () => {
    expect(normalizeSearch('  José   MARÍA ')).toBe('jose maria');
    expect(normalizeSearch('Zoë@Example.TEST')).toBe('zoe@example.test');
    expect(normalizeSearch('x'.repeat(100))).toHaveLength(64);
  });

  it('reads a blank search as none', () => {
    expect(searchPrefix(undefined)).toBeNull();
    expect(searchPrefix('   ')).toBeNull();
    expect(searchPrefix(' Ann ')).toBe('ann');
  });
});

describe('personTerms', () => {
  it('indexes the first name, last name, full name, later name words and e-mail', () => {
    expect(personTerms({ first_name: 'Mary Ann', last_name: 'García López', email: 'MA@clinic.example' })).toEqual(
      [
        'ann',
        'garcia',
        'garcia lopez',
        'lopez',
        'ma@clinic.example',
        'mary',
        'mary ann',
        'mary ann garcia lopez',
      ].sort(),
    );
  });
});

describe('indexTerms', () => {
  it('shadows a term behind an earlier term of the same record that shares its prefix', () => {
    // In the index `ann lee#…` sorts before `anna@…` (space before `a`).
    const terms = indexTerms(['ann lee', 'anna@x.test', 'lee', 'leeds']);
    expect(terms.map((t) => t.term)).toEqual(['ann lee', 'anna@x.test', 'leeds']);
    expect(terms.map((t) => t.shadow)).toEqual([0, 3, 0]);
  });

  it('gives no item to a term that starts another term of the record: the longer one finds it', () => {
    const terms = indexTerms(personTerms({ first_name: 'Mary Ann', last_name: 'García López', email: 'm@x.test' }));
    expect(terms.map((t) => t.term).sort()).toEqual([
      'ann',
      'garcia lopez',
      'lopez',
      'm@x.test',
      'mary ann garcia lopez',
    ]);
    // Whatever a search types, the record shows exactly once where it showed before.
    const all = personTerms({ first_name: 'Mary Ann', last_name: 'García López', email: 'm@x.test' });
    for (const prefix of [
      'm',
      'ma',
      'mary',
      'mary a',
      'mary ann',
      'mary ann g',
      'g',
      'garcia',
      'garcia l',
      'l',
      'a',
      'ann',
      'm@',
    ]) {
      expect(stillMatches(all, prefix), prefix).toBe(true);
      const shown = terms.filter((t) => t.term.startsWith(prefix) && t.shadow < prefix.length);
      expect(shown, prefix).toHaveLength(1);
    }
  });

  it('shows a record once for every prefix: exactly one of its matching terms has shadow < prefix length', () => {
    const terms = indexTerms(personTerms({ first_name: 'Ann', last_name: 'Annis', email: 'ann@annis.example' }));
    for (const prefix of ['a', 'an', 'ann', 'anni', 'ann@', 'ann a']) {
      const shown = terms.filter((t) => t.term.startsWith(prefix) && t.shadow < prefix.length);
      expect(shown, prefix).toHaveLength(1);
    }
  });
});

describe('stillMatches', () => {
  it('drops a record whose current terms no longer start with the search', () => {
    expect(stillMatches(['lee', 'ann'], 'an')).toBe(true);
    expect(stillMatches(['lee', 'ann'], 'bo')).toBe(false);
  });
});

describe('isRecordId', () => {
  it('accepts ids and subs in their stored form, refuses anything that could not be a key', () => {
    expect(isRecordId('6f1c2a9e-4b1d-4c7e-9f0a-1b2c3d4e5f60')).toBe(true);
    expect(isRecordId('6F1C2A9E-4B1D-4C7E-9F0A-1B2C3D4E5F60')).toBe(false);
    expect(isRecordId('')).toBe(false);
    expect(isRecordId('a/b')).toBe(false);
    expect(isRecordId('org-1')).toBe(false);
    expect(isRecordId('6f1c2a9e-4b1d-4c7e-9f0a-1b2c3d4e5f60 ')).toBe(false);
    expect(isRecordId('x'.repeat(129))).toBe(false);
  });
});
