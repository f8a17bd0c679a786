import { describe, expect, it } from 'vitest';
import { isRecordId, matchesSearch } from './search';

describe('matchesSearch', () => {
  const org = ['Sunrise Family Medicine', 'office@sunrise.example', '+18135550142', null];

  it('matches a case-insensitive substring of any field', () => {
    expect(matchesSearch('family', org)).toBe(true);
    expect(matchesSearch('SUNRISE.EX', org)).toBe(true);
    expect(matchesSearch('555014', org)).toBe(true);
    expect(matchesSearch('lakeside', org)).toBe(false);
  });

  it('matches everything when the search is absent or blank', () => {
    expect(matchesSearch(undefined, org)).toBe(true);
    expect(matchesSearch('   ', org)).toBe(true);
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
