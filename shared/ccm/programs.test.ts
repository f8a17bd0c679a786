import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import examples from '../../test/fixtures/ccm-billing-examples.json';
import { bestProgram, paymentOf, programCodes, PROGRAMS, type Program, type ProgramMonth } from './programs';
import { CARE_CODES, DEFAULT_RATES } from './rates';

const month = (over: Partial<ProgramMonth> = {}): ProgramMonth => ({
  consent: true,
  conditions: 2,
  staffMinutes: 0,
  practitionerMinutes: 0,
  aiContacts: 0,
  aiMinutes: 0,
  complex: false,
  qmb: false,
  pcmEligible: false,
  initiatingVisit: true,
  otherBiller: false,
  ...over,
});
const codes = (result: { codes: { code: string }[] }) => result.codes.map((line) => line.code);

interface ExampleCase {
  id: string;
  consent: boolean;
  conditions: number;
  staff_min: number;
  practitioner_min?: number;
  ai_min?: number;
  complex?: boolean;
  qmb?: boolean;
  pcm_eligible?: boolean;
  initiating_visit?: boolean;
  other_biller?: boolean;
  program?: string;
  expect: string[];
  expect_program?: string | null;
}

describe('the handbook examples (test/fixtures/ccm-billing-examples.json), every program', () => {
  it.each(examples.cases as ExampleCase[])('$id gives $expect', (c) => {
    const facts = month({
      consent: c.consent,
      conditions: c.conditions,
      staffMinutes: c.staff_min,
      practitionerMinutes: c.practitioner_min ?? 0,
      aiMinutes: c.ai_min ?? 0,
      complex: c.complex ?? false,
      qmb: c.qmb ?? false,
      pcmEligible: c.pcm_eligible ?? false,
      initiatingVisit: c.initiating_visit ?? true,
      otherBiller: c.other_biller ?? false,
    });
    if (c.program === 'auto') {
      const best = bestProgram(facts);
      expect({ codes: codes(best), program: best.program }).toEqual({
        codes: c.expect,
        program: c.expect_program ?? null,
      });
    } else {
      const program = (c.program ?? 'ccm') as Program;
      expect(PROGRAMS).toContain(program);
      expect(codes(programCodes(program, facts))).toEqual(c.expect);
    }
  });
});

describe('APCM', () => {
  it.each([
    [0, false, 'G0556'],
    [1, true, 'G0556'],
    [2, false, 'G0557'],
    [4, false, 'G0557'],
    [2, true, 'G0558'],
  ])('bills one code with %i conditions (QMB %s): %s, whatever the minutes', (conditions, qmb, code) => {
    expect(codes(programCodes('apcm', month({ conditions, qmb })))).toEqual([code]);
    expect(codes(programCodes('apcm', month({ conditions, qmb, staffMinutes: 95, practitionerMinutes: 40 })))).toEqual([
      code,
    ]);
  });

  it('needs consent and an initiating visit', () => {
    expect(programCodes('apcm', month({ consent: false }))).toMatchObject({ codes: [], reason: 'No accepted consent' });
    expect(programCodes('apcm', month({ initiatingVisit: false }))).toMatchObject({
      codes: [],
      reason: 'No initiating visit in the period the program requires',
    });
  });
});

describe('PCM', () => {
  it('needs one complex condition eligible for PCM', () => {
    expect(programCodes('pcm', month({ conditions: 1, staffMinutes: 45 }))).toMatchObject({
      codes: [],
      reason: 'No complex chronic condition eligible for PCM',
    });
  });

  it.each([
    [29, []],
    [30, ['99426']],
    [59, ['99426']],
    [60, ['99426', '99427']],
    [125, ['99426', '99427', '99427', '99427']],
  ])('bills %i clinical staff minutes as %j', (staffMinutes, expected) => {
    expect(codes(programCodes('pcm', month({ pcmEligible: true, conditions: 1, staffMinutes })))).toEqual(expected);
  });

  it("counts the practitioner's minutes as staff time only when they do not reach 99424", () => {
    expect(codes(programCodes('pcm', month({ pcmEligible: true, staffMinutes: 15, practitionerMinutes: 20 })))).toEqual(
      ['99426'],
    );
    expect(codes(programCodes('pcm', month({ pcmEligible: true, staffMinutes: 15, practitionerMinutes: 30 })))).toEqual(
      ['99424'],
    );
  });

  it('never bills the practitioner pair beside the staff pair: the pair that pays more', () => {
    // 99424 pays 81; 99426 + 99427 pay 61 + 46 = 107.
    const result = programCodes('pcm', month({ pcmEligible: true, staffMinutes: 60, practitionerMinutes: 30 }));
    expect(codes(result)).toEqual(['99426', '99427']);
    expect(result.reason).toContain('the other pair pays less and is never billed beside it');
    // 99424 + 99425 pay 139; 99426 alone pays 61.
    expect(codes(programCodes('pcm', month({ pcmEligible: true, staffMinutes: 30, practitionerMinutes: 60 })))).toEqual(
      ['99424', '99425'],
    );
  });
});

describe('one program a patient-month', () => {
  it('bills nothing under any program when another practitioner already billed care management', () => {
    const billed = month({ otherBiller: true, staffMinutes: 45, pcmEligible: true, qmb: true });
    for (const program of ['ccm', 'pcm', 'apcm'] as const) {
      expect(programCodes(program, billed)).toMatchObject({
        codes: [],
        reason: 'Another practitioner already billed care management this month',
      });
    }
    expect(bestProgram(billed)).toMatchObject({ program: null, codes: [] });
  });

  it('names one program, whose codes are all of one program', () => {
    const result = bestProgram(month({ staffMinutes: 45, pcmEligible: true, qmb: true }));
    // CCM 99490 + 99439 = 106; PCM 99426 = 61; APCM G0558 = 110.
    expect(result).toMatchObject({ program: 'apcm' });
    expect(codes(result)).toEqual(['G0558']);
  });

  it('picks the program that pays most by the fee schedule the practice gives', () => {
    const busy = month({ staffMinutes: 60 });
    expect(bestProgram(busy).program).toBe('ccm');
    expect(bestProgram(busy, { ...DEFAULT_RATES, G0557: 200 }).program).toBe('apcm');
  });

  it('names no program when none pays', () => {
    expect(bestProgram(month({ consent: false }))).toEqual({ program: null, codes: [], reason: 'No accepted consent' });
  });
});

describe('paymentOf', () => {
  it('sums a unit once per line', () => {
    expect(paymentOf([{ code: '99490' }, { code: '99439' }, { code: '99439' }])).toBe(60 + 46 + 46);
  });
});

const HANDBOOK_RATES = join(import.meta.dirname, '../../../shared/ccm/rates.json');
describe.skipIf(!existsSync(HANDBOOK_RATES))('the default fee schedule', () => {
  it("is the handbook's rates.json, code by code", () => {
    const { rates } = JSON.parse(readFileSync(HANDBOOK_RATES, 'utf8')) as { rates: Record<string, number> };
    expect(DEFAULT_RATES).toEqual(rates);
    expect([...CARE_CODES].sort()).toEqual(Object.keys(rates).sort());
  });
});
