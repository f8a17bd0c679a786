import { describe, expect, it } from 'vitest';
import { billedMonth, programInForce, switchSummary, type MonthFacts, type ProgramChange } from './patient-month';
import { DEFAULT_RATES } from './rates';

const facts = (over: Partial<MonthFacts> = {}): MonthFacts => ({
  consent: true,
  conditions: 2,
  staffMinutes: 0,
  practitionerMinutes: 0,
  aiContacts: 0,
  aiMinutes: 0,
  complex: false,
  qmb: false,
  initiatingVisit: true,
  otherBiller: false,
  ...over,
});
const codes = (result: { codes: { code: string }[] }) => result.codes.map((line) => line.code);

const toApcm: ProgramChange = { program: 'apcm', from: '2026-12', pcm_condition: null };
const toPcm: ProgramChange = { program: 'pcm', from: '2027-02', pcm_condition: 'I50.22' };

describe('programInForce', () => {
  it('is CCM for a patient never enrolled in another program', () => {
    expect(programInForce([], '2026-11').program).toBe('ccm');
  });

  it('takes effect from its month, not before: the month of the change stays under the old program', () => {
    expect(programInForce([toApcm], '2026-11').program).toBe('ccm');
    expect(programInForce([toApcm], '2026-12').program).toBe('apcm');
    expect(programInForce([toApcm], '2027-06').program).toBe('apcm');
  });

  it('knows every past month of a history, whatever order it is stored in', () => {
    for (const history of [
      [toApcm, toPcm],
      [toPcm, toApcm],
    ]) {
      expect(programInForce(history, '2026-11').program).toBe('ccm');
      expect(programInForce(history, '2027-01').program).toBe('apcm');
      expect(programInForce(history, '2027-02')).toEqual(toPcm);
    }
  });
});

describe('billedMonth', () => {
  it('bills the program in force: a CCM month by minutes, an APCM month by the bundle', () => {
    const ccm = billedMonth([toApcm], '2026-11', facts({ staffMinutes: 45 }));
    expect(ccm).toMatchObject({ program: 'ccm', payment: 60 + 46 });
    expect(codes(ccm)).toEqual(['99490', '99439']);
    const apcm = billedMonth([toApcm], '2026-12', facts({ staffMinutes: 45, qmb: true }));
    expect(codes(apcm)).toEqual(['G0558']);
    expect(apcm.payment).toBe(110);
  });

  it('names the PCM condition only in a PCM month', () => {
    expect(billedMonth([toPcm], '2027-02', facts({ staffMinutes: 35 }))).toMatchObject({
      program: 'pcm',
      pcm_condition: 'I50.22',
      payment: 61,
    });
    expect(billedMonth([toPcm], '2027-01', facts()).pcm_condition).toBeNull();
  });

  it('hints APCM when the CCM minutes pay less than the bundle', () => {
    expect(billedMonth([], '2026-11', facts({ staffMinutes: 10 })).better).toEqual({
      program: 'apcm',
      payment: 50,
      gain: 50,
    });
    expect(billedMonth([], '2026-11', facts({ staffMinutes: 22, qmb: true })).better).toEqual({
      program: 'apcm',
      payment: 110,
      gain: 50,
    });
  });

  it('hints CCM for an APCM patient with 40+ staff minutes', () => {
    const month = billedMonth([toApcm], '2026-12', facts({ staffMinutes: 65 }));
    expect(month.payment).toBe(50);
    expect(month.better).toEqual({ program: 'ccm', payment: 60 + 46 + 46, gain: 102 });
  });

  it('hints CCM for a PCM patient whose staff minutes earn more under CCM', () => {
    expect(billedMonth([toPcm], '2027-02', facts({ staffMinutes: 45 })).better).toEqual({
      program: 'ccm',
      payment: 106,
      gain: 45,
    });
  });

  it('gives no hint when the program in force pays most, or when nothing can be billed', () => {
    expect(billedMonth([], '2026-11', facts({ staffMinutes: 45 })).better).toBeNull();
    expect(billedMonth([], '2026-11', facts({ consent: false, staffMinutes: 10 }))).toMatchObject({
      payment: 0,
      better: null,
    });
    expect(billedMonth([], '2026-11', facts({ otherBiller: true })).better).toBeNull();
  });

  it('offers PCM only while a principal condition is recorded', () => {
    const one = facts({ conditions: 1, staffMinutes: 35 });
    expect(billedMonth([], '2026-11', one).better).toEqual({ program: 'apcm', payment: 15, gain: 15 });
    const back: ProgramChange = { program: 'ccm', from: '2027-04', pcm_condition: null };
    expect(billedMonth([toPcm, back], '2027-05', one).better).toEqual({ program: 'pcm', payment: 61, gain: 61 });
  });

  it("pays by the practice's own fee schedule, to the cent", () => {
    const rates = { ...DEFAULT_RATES, '99490': 60.1, '99439': 46.2, G0557: 200 };
    const month = billedMonth([], '2026-11', facts({ staffMinutes: 45 }), rates);
    expect(month.payment).toBe(106.3);
    expect(month.better).toEqual({ program: 'apcm', payment: 200, gain: 93.7 });
    expect(billedMonth([], '2026-11', facts({ staffMinutes: 45 })).better).toBeNull();
  });
});

describe('switchSummary', () => {
  it('adds up the hints by the program they name', () => {
    expect(
      switchSummary([
        { better: { program: 'apcm', payment: 50, gain: 50 } },
        { better: null },
        { better: { program: 'apcm', payment: 110, gain: 50.1 } },
        { better: { program: 'ccm', payment: 152, gain: 102 } },
      ]),
    ).toEqual({
      patients: 3,
      gain: 202.1,
      by_program: {
        ccm: { patients: 1, gain: 102 },
        pcm: { patients: 0, gain: 0 },
        apcm: { patients: 2, gain: 100.1 },
      },
    });
  });
});
