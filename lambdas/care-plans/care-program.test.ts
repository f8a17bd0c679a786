import { describe, expect, it } from 'vitest';
import { careProgramOf, nextHistory, nextQmbChecks } from './care-program';
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

describe('nextQmbChecks', () => {
  const check = (status: boolean, checked_on: string, set_at: string | null = `${checked_on}T09:00:00.000Z`) => ({
    status,
    checked_on,
    set_at,
    set_by: set_at ? 'u1' : null,
    set_by_name: set_at ? 'Nora Ellis' : null,
  });

  it('appends every check, keeping the one recorded before checks were kept', () => {
    const legacy = check(true, '2026-01-05', null);
    const next = nextQmbChecks([legacy], check(false, '2026-05-02'));
    expect(next.qmb_checks).toEqual([legacy, check(false, '2026-05-02')]);
    expect(next.qmb).toEqual({ status: false, checked_on: '2026-05-02' });
  });

  it('keeps the latest check by day as the current status when an older one is recorded later', () => {
    const next = nextQmbChecks([check(true, '2026-05-02')], check(false, '2026-03-01'));
    expect(next.qmb_checks).toHaveLength(2);
    expect(next.qmb).toEqual({ status: true, checked_on: '2026-05-02' });
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

  it('lists the QMB checks newest recorded first, without who recorded them on the wire', () => {
    const checked = {
      ...patient,
      qmb: { status: true, checked_on: '2026-04-01' },
      qmbChecks: [
        { status: false, checked_on: '2026-01-05', set_at: null, set_by: null, set_by_name: null },
        {
          status: true,
          checked_on: '2026-04-01',
          set_at: '2026-04-01T10:00:00.000Z',
          set_by: 'u1',
          set_by_name: 'Nora Ellis',
        },
      ],
    };
    expect(careProgramOf(checked, '2026-05')).toMatchObject({
      qmb: { status: true, checked_on: '2026-04-01' },
      qmb_history: [
        { status: true, checked_on: '2026-04-01', set_at: '2026-04-01T10:00:00.000Z', set_by_name: 'Nora Ellis' },
        { status: false, checked_on: '2026-01-05', set_at: null, set_by_name: null },
      ],
    });
    expect(careProgramOf(patient, '2026-05').qmb_history).toEqual([]);
  });
});
