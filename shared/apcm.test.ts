import { describe, expect, it } from 'vitest';
import { apcmLogOpen, isApcmMonth } from './apcm';
import type { ProgramChange } from './ccm/patient-month';

const apcmFrom = (from: string): ProgramChange => ({ program: 'apcm', from, pcm_condition: null });

describe('only a month under APCM is logged', () => {
  it('a patient never enrolled in APCM has no APCM month (CCM by default)', () => {
    expect(isApcmMonth([], '2026-03')).toBe(false);
  });

  it('the months from the APCM enrolment on are, the months before it (before the patient was enrolled) are not', () => {
    const history = [apcmFrom('2026-03')];
    expect(isApcmMonth(history, '2026-02')).toBe(false);
    expect(isApcmMonth(history, '2026-03')).toBe(true);
    expect(isApcmMonth(history, '2027-01')).toBe(true);
  });

  it('a later change to another program ends the APCM months', () => {
    const history: ProgramChange[] = [
      apcmFrom('2026-03'),
      { program: 'pcm', from: '2026-06', pcm_condition: 'E11.9' },
      apcmFrom('2026-09'),
    ];
    expect(['2026-05', '2026-06', '2026-08', '2026-09'].map((m) => isApcmMonth(history, m))).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });
});

describe('a log staff can still change', () => {
  it('is an APCM month not billed', () => {
    expect(apcmLogOpen({ program: 'apcm', billed_at: null })).toBe(true);
    expect(apcmLogOpen({ program: 'apcm', billed_at: '2026-04-02T15:00:00.000Z' })).toBe(false);
    expect(apcmLogOpen({ program: 'ccm', billed_at: null })).toBe(false);
  });
});
