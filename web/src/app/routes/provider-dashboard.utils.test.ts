import { describe, expect, it } from 'vitest';
import { showViewAllPatients, visiblePatients } from './provider-dashboard.utils';

describe('provider dashboard patients', () => {
  const patients = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

  it('shows the first 5 until expanded', () => {
    expect(visiblePatients(patients, false)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(visiblePatients(patients, true)).toEqual(patients);
  });

  it("offers 'View All' only with more than 5 patients, until expanded", () => {
    expect(showViewAllPatients(5, false)).toBe(false);
    expect(showViewAllPatients(6, false)).toBe(true);
    expect(showViewAllPatients(6, true)).toBe(false);
  });
});
