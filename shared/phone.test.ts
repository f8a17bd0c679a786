import { describe, expect, it } from 'vitest';
import { isServedPhone, normalizePhone, parseCallingCodes, toE164 } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['(813) 555-0142', '+18135550142'],
    ['813-555-0142', '+18135550142'],
    ['813.555.0142', '+18135550142'],
    ['8135550142', '+18135550142'],
    ['1 813 555 0142', '+18135550142'],
    ['1-813-555-0142', '+18135550142'],
    ['+1 813 555 0142', '+18135550142'],
    ['+1 (813) 555-0142', '+18135550142'],
    ['+18135550142', '+18135550142'],
    [' +1 604 555 0199 ', '+16045550199'],
  ])('reads %j as %s', (typed, canonical) => {
    expect(normalizePhone(typed)).toBe(canonical);
  });

  it.each([
    ['', 'empty'],
    ['555-0142', 'seven digits'],
    ['(013) 555-0142', 'area code starting with 0'],
    ['(113) 555-0142', 'area code starting with 1'],
    ['(813) 055-0142', 'exchange starting with 0'],
    ['(813) 155-0142', 'exchange starting with 1'],
    ['+1 813 555 01420', 'eleven digits after +1'],
    ['28135550142', 'eleven digits not starting with 1'],
    ['+44 20 7946 0958', 'a UK number, not served by default'],
    ['442079460958', 'an international number without its plus'],
    ['813-555-0142 ext 7', 'letters'],
    ['+1 813 555 0142;', 'other characters'],
    ['++18135550142', 'two pluses'],
  ])('refuses %j (%s)', (typed) => {
    expect(normalizePhone(typed)).toBeNull();
  });

  it('accepts the countries a deployment lists, and keeps NANP rules for +1', () => {
    expect(normalizePhone('+44 20 7946 0958', ['1', '44'])).toBe('+442079460958');
    expect(normalizePhone('+61 2 5550 1234', ['1', '44'])).toBeNull();
    expect(normalizePhone('+1 813 555 0142', ['44'])).toBeNull();
    expect(normalizePhone('+1 113 555 0142', ['1', '44'])).toBeNull();
  });

  it('is idempotent: a canonical number reads as itself', () => {
    expect(normalizePhone(normalizePhone('(813) 555-0142') ?? '')).toBe('+18135550142');
  });
});

describe('toE164 and isServedPhone', () => {
  it('reads any country with a plus; serves only the listed codes', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(isServedPhone('+442079460958')).toBe(false);
    expect(isServedPhone('+442079460958', ['44'])).toBe(true);
    expect(isServedPhone('+18135550142')).toBe(true);
    expect(isServedPhone('8135550142')).toBe(false);
  });
});

describe('parseCallingCodes', () => {
  it('reads a comma list, defaults to the NANP and refuses what is not a calling code', () => {
    expect(parseCallingCodes(undefined)).toEqual(['1']);
    expect(parseCallingCodes('')).toEqual(['1']);
    expect(parseCallingCodes('1, +44,44')).toEqual(['1', '44']);
    expect(() => parseCallingCodes('1,GB')).toThrow(/calling code/);
    expect(() => parseCallingCodes('0044')).toThrow(/calling code/);
  });
});
