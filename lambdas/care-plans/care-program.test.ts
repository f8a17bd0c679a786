import { describe, expect, it } from 'vitest';
import { careProgramOf, nextHistory } from './care-program';
import type { PatientRecord, StoredProgramChange } from '../kernel/records/patient';

const change = (program: StoredProgramChange['program'], from: string, pcm: string | null = null) => ({
  program,
  from,
  pcm_condition: pcm,
  set_at: `${from}-01T00:00:00.000Z`,
  set_by: 'u1',
  set_by_name: 'Nora Ellis',
});

describe('nextHistory', () => {
  it('adds a change for next month and keeps every earlier one', () => {
    const history = [change('apcm', '2026-03')];
    expect(nextHistory(history, change('pcm', '2026-06', 'E11.9'))).toEqual([
      ...history,
      change('pcm', '2026-06', 'E11.9'),
    ]);
  });

  it('replaces a change already chosen for next month', () => {
    expect(nextHistory([change('apcm', '2026-06')], change('pcm', '2026-06', 'E11.9'))).toEqual([
      change('pcm', '2026-06', 'E11.9'),
    ]);
  });

  it('adds nothing when next month would be under that program anyway (and cancels a pending change back to it)', () => {
    expect(nextHistory([], change('ccm', '2026-06'))).toEqual([]);
    expect(nextHistory([change('apcm', '2026-03')], change('apcm', '2026-06'))).toEqual([change('apcm', '2026-03')]);
    expect(nextHistory([change('apcm', '2026-06')], change('ccm', '2026-06'))).toEqual([]);
  });

  it('counts a new PCM condition as a change', () => {
    const history = [change('pcm', '2026-03', 'E11.9')];
    expect(nextHistory(history, change('pcm', '2026-06', 'I10'))).toHaveLength(2);
  });
});

describe('careProgramOf', () => {
  const patient = { carePrograms: [change('apcm', '2026-03'), change('pcm', '2026-06', 'E11.9')], qmb: null } as Pick<
    PatientRecord,
    'carePrograms' | 'qmb'
  > as PatientRecord;

  it('shows the program in force this month, the one starting next month and the history newest first', () => {
    expect(careProgramOf(patient, '2026-05')).toMatchObject({
      month: '2026-05',
      program: 'apcm',
      pcm_condition: null,
      next: { program: 'pcm', from: '2026-06', pcm_condition: 'E11.9' },
      history: [{ from: '2026-06' }, { from: '2026-03' }],
    });
    expect(careProgramOf(patient, '2026-06')).toMatchObject({ program: 'pcm', pcm_condition: 'E11.9', next: null });
    expect(careProgramOf(patient, '2026-02')).toMatchObject({ program: 'ccm', next: { program: 'apcm' } });
  });
});
