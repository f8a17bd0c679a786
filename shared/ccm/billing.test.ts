import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import examples from '../../test/fixtures/ccm-billing-examples.json';
import { CCM_CODES, ccmCodes, nextThreshold, type CcmCode, type PatientMonth } from './billing';

const month = (over: Partial<PatientMonth> = {}): PatientMonth => ({
  consent: true,
  conditions: 2,
  staffMinutes: 0,
  practitionerMinutes: 0,
  aiContacts: 0,
  aiMinutes: 0,
  complex: false,
  ...over,
});
const codesOf = (over: Partial<PatientMonth>) => ccmCodes(month(over)).codes.map((line) => line.code);

// The CCM cases; programs.test.ts runs every case, PCM, APCM and the engine's pick included.
const ccmCases = examples.cases.filter((c) => !('program' in c) || c.program === 'ccm');

describe('the handbook examples (test/fixtures/ccm-billing-examples.json)', () => {
  it('include CCM cases', () => {
    expect(ccmCases.length).toBeGreaterThanOrEqual(7);
  });

  it.each(ccmCases)('$id gives $expect', (c) => {
    const result = ccmCodes({
      consent: c.consent,
      conditions: c.conditions,
      staffMinutes: c.staff_min,
      practitionerMinutes: c.practitioner_min,
      aiContacts: 0,
      aiMinutes: c.ai_min,
      complex: c.complex,
    });
    expect(result.codes.map((line) => line.code)).toEqual(c.expect);
  });
});

describe('conditions for any code', () => {
  it('gives nothing without accepted consent, whatever the minutes', () => {
    const result = ccmCodes(month({ consent: false, conditions: 4, staffMinutes: 80, practitionerMinutes: 60 }));
    expect(result).toEqual({ codes: [], reason: 'No accepted consent' });
  });

  it('gives nothing with fewer than 2 chronic conditions, and codes from 2', () => {
    expect(ccmCodes(month({ conditions: 1, staffMinutes: 45 }))).toEqual({
      codes: [],
      reason: 'Fewer than 2 chronic conditions (1 on the care plan)',
    });
    expect(codesOf({ conditions: 0, staffMinutes: 45 })).toEqual([]);
    expect(codesOf({ conditions: 2, staffMinutes: 45 })).toEqual(['99490', '99439']);
    expect(codesOf({ conditions: 7, staffMinutes: 45 })).toEqual(['99490', '99439']);
  });

  it('names consent first when both are missing', () => {
    expect(ccmCodes(month({ consent: false, conditions: 0 })).reason).toBe('No accepted consent');
  });
});

describe('the AI assistant', () => {
  it('never turns call minutes into a code: 300 AI minutes alone give nothing', () => {
    const result = ccmCodes(month({ aiMinutes: 300, aiContacts: 4 }));
    expect(result.codes).toEqual([]);
    expect(result.reason).toBe(
      '0 of 20 clinical staff minutes; AI assistant: 4 contacts and 300 call minutes documented, never counted as staff time',
    );
  });

  it('does not top up staff time: 19 staff minutes and 45 AI minutes stay 19', () => {
    const result = ccmCodes(month({ staffMinutes: 19, aiMinutes: 45 }));
    expect(result.codes).toEqual([]);
    expect(result.reason).toMatch(/^19 of 20 clinical staff minutes; /);
  });
});

describe('99490 and 99439: clinical staff time', () => {
  it.each<[number, CcmCode[]]>([
    [0, []],
    [19, []],
    [20, ['99490']],
    [39, ['99490']],
    [40, ['99490', '99439']],
    [59, ['99490', '99439']],
    [60, ['99490', '99439', '99439']],
    [79, ['99490', '99439', '99439']],
    [80, ['99490', '99439', '99439']],
    [300, ['99490', '99439', '99439']],
  ])('%i staff minutes → %j', (staffMinutes, codes) => {
    expect(codesOf({ staffMinutes })).toEqual(codes);
  });

  it('says how far 19 minutes are from 20', () => {
    expect(ccmCodes(month({ staffMinutes: 19 }))).toEqual({ codes: [], reason: '19 of 20 clinical staff minutes' });
  });

  it('counts whole minutes only: 19.9 minutes have not reached 20', () => {
    expect(ccmCodes(month({ staffMinutes: 19.9 })).reason).toBe('19 of 20 clinical staff minutes');
    expect(codesOf({ staffMinutes: 20.5 })).toEqual(['99490']);
  });

  it('bills 99439 at most twice: 80 minutes give 99490 and two 99439, and say why not a third', () => {
    const result = ccmCodes(month({ staffMinutes: 80 }));
    expect(result.codes).toEqual([
      { code: '99490', minutes: 20, reason: '20 minutes of clinical staff time' },
      { code: '99439', minutes: 20, reason: 'A further 20 minutes of clinical staff time (1 of at most 2)' },
      { code: '99439', minutes: 20, reason: 'A further 20 minutes of clinical staff time (2 of at most 2)' },
    ]);
    expect(result.reason).toBe('80 clinical staff minutes: 99490 and 99439 × 2; 99439 is billed at most twice a month');
  });
});

describe('99487 and 99489: complex CCM', () => {
  it.each<[number, CcmCode[]]>([
    [60, ['99487']],
    [89, ['99487']],
    [90, ['99487', '99489']],
    [119, ['99487', '99489']],
    [120, ['99487', '99489', '99489']],
    [180, ['99487', '99489', '99489', '99489', '99489']],
  ])('complex with %i staff minutes → %j', (staffMinutes, codes) => {
    expect(codesOf({ complex: true, staffMinutes })).toEqual(codes);
  });

  it('carries the minutes behind each unit', () => {
    expect(ccmCodes(month({ complex: true, staffMinutes: 95 })).codes.map((l) => [l.code, l.minutes])).toEqual([
      ['99487', 60],
      ['99489', 30],
    ]);
  });

  it('falls back to the non-complex codes below 60 minutes, and says so', () => {
    const result = ccmCodes(month({ complex: true, staffMinutes: 59 }));
    expect(result.codes.map((l) => l.code)).toEqual(['99490', '99439']);
    expect(result.reason).toBe(
      '59 clinical staff minutes: 99490 and 99439; complex CCM needs 60 clinical staff minutes, so the non-complex codes apply',
    );
    expect(ccmCodes(month({ complex: true, staffMinutes: 15 })).reason).toBe(
      '15 of 20 clinical staff minutes; complex CCM needs 60 clinical staff minutes, so the non-complex codes apply',
    );
  });

  it('needs the complexity flag: 60 minutes without it are 99490 and two 99439', () => {
    expect(codesOf({ complex: false, staffMinutes: 60 })).toEqual(['99490', '99439', '99439']);
  });
});

describe("99491 and 99437: the billing practitioner's own time", () => {
  it("counts a practitioner's 29 minutes as clinical staff time: 99490", () => {
    const result = ccmCodes(month({ practitionerMinutes: 29 }));
    expect(result.codes.map((l) => l.code)).toEqual(['99490']);
    expect(result.reason).toBe(
      '29 billing practitioner minutes (fewer than 30, so no 99491) count as clinical staff time; 29 clinical staff minutes: 99490',
    );
  });

  it('adds minutes below 30 to the staff minutes: 19 + 21 reach 99439', () => {
    expect(codesOf({ practitionerMinutes: 19, staffMinutes: 21 })).toEqual(['99490', '99439']);
    expect(codesOf({ practitionerMinutes: 10, staffMinutes: 9 })).toEqual([]);
  });

  it('adds minutes below 30 toward complex CCM too: 29 + 31 complex → 99487', () => {
    expect(codesOf({ practitionerMinutes: 29, staffMinutes: 31, complex: true })).toEqual(['99487']);
  });

  it('bills 99491 at 30 minutes without counting them again as staff time', () => {
    expect(codesOf({ practitionerMinutes: 30 })).toEqual(['99491']);
    expect(codesOf({ practitionerMinutes: 30, staffMinutes: 19 })).toEqual(['99491']);
  });

  it('bills 99491 and 99490 for 30 practitioner and 20 staff minutes', () => {
    const result = ccmCodes(month({ practitionerMinutes: 30, staffMinutes: 20 }));
    expect(result.codes).toEqual([
      { code: '99490', minutes: 20, reason: '20 minutes of clinical staff time' },
      { code: '99491', minutes: 30, reason: "30 minutes of the billing practitioner's own time" },
    ]);
    expect(result.reason).toBe('20 clinical staff minutes: 99490; 30 billing practitioner minutes: 99491');
  });

  it('leaves the minutes beyond the last full 30 unbilled, and not as staff time: 45 + 10 staff → 99491 only', () => {
    const result = ccmCodes(month({ practitionerMinutes: 45, staffMinutes: 10 }));
    expect(result.codes.map((l) => l.code)).toEqual(['99491']);
    expect(result.reason).toBe(
      '10 of 20 clinical staff minutes; 45 billing practitioner minutes: 99491; the other 15 minutes support no further code',
    );
  });

  it.each<[number, CcmCode[]]>([
    [59, ['99491']],
    [60, ['99491', '99437']],
    [89, ['99491', '99437']],
    [90, ['99491', '99437', '99437']],
  ])('%i practitioner minutes → %j', (practitionerMinutes, codes) => {
    expect(codesOf({ practitionerMinutes })).toEqual(codes);
  });

  it('lists complex CCM and the practitioner codes together, in code order', () => {
    expect(codesOf({ complex: true, staffMinutes: 90, practitionerMinutes: 60 })).toEqual([
      '99487',
      '99489',
      '99491',
      '99437',
    ]);
  });
});

describe('bad input is a programming error', () => {
  it.each<[string, Partial<PatientMonth>]>([
    ['negative staff minutes', { staffMinutes: -1 }],
    ['negative practitioner minutes', { practitionerMinutes: -0.5 }],
    ['negative AI minutes', { aiMinutes: -10 }],
    ['infinite staff minutes', { staffMinutes: Infinity }],
    ['NaN practitioner minutes', { practitionerMinutes: NaN }],
    ['a fractional condition count', { conditions: 1.5 }],
    ['negative conditions', { conditions: -2 }],
    ['a fractional AI contact count', { aiContacts: 0.5 }],
  ])('throws a RangeError for %s', (_, over) => {
    expect(() => ccmCodes(month(over))).toThrow(RangeError);
  });

  it('checks the numbers even when consent is missing', () => {
    expect(() => ccmCodes(month({ consent: false, staffMinutes: -5 }))).toThrow('staffMinutes');
  });
});

describe('nextThreshold', () => {
  it.each<[number, number | null]>([
    [0, 20],
    [19, 20],
    [19.9, 20],
    [20, 40],
    [39, 40],
    [40, 60],
    [59, 60],
    [60, null],
    [240, null],
  ])('%d staff minutes → %s', (minutes, next) => {
    expect(nextThreshold(minutes)).toBe(next);
  });

  it('refuses negative or non-finite minutes', () => {
    expect(() => nextThreshold(-1)).toThrow(RangeError);
    expect(() => nextThreshold(NaN)).toThrow(RangeError);
  });
});

describe('properties over any patient-month', () => {
  const minutes = fc.oneof(fc.integer({ min: 0, max: 400 }), fc.double({ min: 0, max: 400, noNaN: true }));
  const anyMonth = fc.record({
    consent: fc.boolean(),
    conditions: fc.integer({ min: 0, max: 10 }),
    staffMinutes: minutes,
    practitionerMinutes: minutes,
    aiContacts: fc.integer({ min: 0, max: 50 }),
    aiMinutes: minutes,
    complex: fc.boolean(),
  });
  const codes = (m: PatientMonth) => ccmCodes(m).codes.map((line) => line.code);

  it('never lists 99490/99439 with 99487/99489', () => {
    fc.assert(
      fc.property(anyMonth, (m) => {
        const listed = codes(m);
        const nonComplex = listed.some((c) => c === '99490' || c === '99439');
        const complex = listed.some((c) => c === '99487' || c === '99489');
        expect(nonComplex && complex).toBe(false);
      }),
    );
  });

  it('never lists a third 99439, nor an add-on code without its base code', () => {
    fc.assert(
      fc.property(anyMonth, (m) => {
        const listed = codes(m);
        expect(listed.filter((c) => c === '99439').length).toBeLessThanOrEqual(2);
        if (listed.includes('99439')) expect(listed).toContain('99490');
        if (listed.includes('99489')) expect(listed).toContain('99487');
        if (listed.includes('99437')) expect(listed).toContain('99491');
      }),
    );
  });

  it('is not changed by AI minutes or AI contacts', () => {
    fc.assert(
      fc.property(anyMonth, minutes, fc.integer({ min: 0, max: 50 }), (m, aiMinutes, aiContacts) => {
        expect(codes({ ...m, aiMinutes, aiContacts })).toEqual(codes({ ...m, aiMinutes: 0, aiContacts: 0 }));
      }),
    );
  });

  it('never counts a minute twice: the units need no more minutes than were documented', () => {
    fc.assert(
      fc.property(anyMonth, (m) => {
        const used = ccmCodes(m).codes.reduce((sum, line) => sum + line.minutes, 0);
        expect(used).toBeLessThanOrEqual(Math.floor(m.staffMinutes) + Math.floor(m.practitionerMinutes));
      }),
    );
  });

  it('gives nothing without consent or with fewer than 2 conditions, and explains every outcome', () => {
    fc.assert(
      fc.property(anyMonth, (m) => {
        const result = ccmCodes(m);
        if (!m.consent || m.conditions < 2) expect(result.codes).toEqual([]);
        expect(result.reason.length).toBeGreaterThan(0);
      }),
    );
  });

  it('lists codes in the order of CCM_CODES', () => {
    fc.assert(
      fc.property(anyMonth, (m) => {
        const order = codes(m).map((c) => CCM_CODES.indexOf(c));
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }),
    );
  });
});
