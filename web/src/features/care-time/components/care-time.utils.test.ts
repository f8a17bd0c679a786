import { describe, expect, it } from 'vitest';
import type { TimeEntry } from '../../../../../shared/care-time';
import { logLines, minutesError, nextThresholdText, thresholdMarks } from './care-time.utils';

const entry = (id: string, voids: TimeEntry['voids'] = null) => ({ id, voids }) as TimeEntry;

describe('care time on the patient page', () => {
  it('marks each threshold met at exactly its minutes (19 is not 20)', () => {
    expect(thresholdMarks(19).map((m) => m.met)).toEqual([false, false, false]);
    expect(thresholdMarks(40).map((m) => m.met)).toEqual([true, true, false]);
    expect([nextThresholdText(19), nextThresholdText(0), nextThresholdText(60)]).toEqual([
      'Next: 20 minutes (1 minute to go)',
      'Next: 20 minutes (20 minutes to go)',
      'All thresholds met (60 minutes)',
    ]);
  });

  it('folds each correction into the entry it voids; one whose entry is not loaded yet waits', () => {
    const lines = logLines([
      entry('b~void', { id: 'b', reason: 'Typo' }),
      entry('c'),
      entry('b'),
      entry('z~void', { id: 'z', reason: 'x' }),
    ]);

    expect(lines.map((l) => [l.entry.id, l.correction?.voids?.reason ?? null])).toEqual([
      ['c', null],
      ['b', 'Typo'],
    ]);
  });

  it('accepts whole minutes from 1 to 1440 only', () => {
    expect([minutesError(1), minutesError(1440)]).toEqual([null, null]);
    expect([0, 1441, 2.5, Number.NaN, '5'].map((v) => minutesError(v) === null)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
