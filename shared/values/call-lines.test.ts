import { describe, expect, it } from 'vitest';
import { lineLimit, mayTakeLine, reservedForPeople } from './call-lines';

describe('the lines held back for people', () => {
  it('keeps a tenth of the budget, at least one', () => {
    expect(reservedForPeople(10)).toBe(1);
    expect(reservedForPeople(11)).toBe(2);
    expect(reservedForPeople(5)).toBe(1);
    expect(reservedForPeople(200)).toBe(20);
    expect(reservedForPeople(2)).toBe(1);
  });

  it('keeps none back from a single line, so queued calls can still be placed', () => {
    expect(reservedForPeople(1)).toBe(0);
    expect(lineLimit(1, 'queued')).toBe(1);
  });

  it('lets people use every line and queued calls only the lines outside the reserve', () => {
    expect(lineLimit(5, 'person')).toBe(5);
    expect(lineLimit(5, 'queued')).toBe(4);
    expect(mayTakeLine(3, 5, 'queued')).toBe(true);
    expect(mayTakeLine(4, 5, 'queued')).toBe(false);
    expect(mayTakeLine(4, 5, 'person')).toBe(true);
    expect(mayTakeLine(5, 5, 'person')).toBe(false);
  });
});
