import { describe, expect, it } from 'vitest';
import type { Observation } from '../../../../../shared/domain';
import { measurementSeries } from './measurements.utils';

const reading = (measure: Observation['measure'], code: string, value: number, day: string): Observation => ({
  code,
  measure,
  value,
  unit: measure === 'weight' ? '[lb_av]' : measure.startsWith('phq') ? '{score}' : 'mm[Hg]',
  observed_at: `2026-${day}T15:00:00.000Z`,
  call_log_id: `call-${day}`,
  source: 'device',
});

describe('measurementSeries', () => {
  // Newest first, as the API answers.
  const observations = [
    reading('phq2', '55758-7', 1, '03-04'),
    reading('systolic', '8480-6', 152, '03-04'),
    reading('diastolic', '8462-4', 84, '03-04'),
    reading('systolic', '8480-6', 134, '02-04'),
    reading('diastolic', '8462-4', 80, '02-04'),
  ];

  it('gives each measured measure once, in catalogue order, its newest value and its trend oldest first', () => {
    const series = measurementSeries(observations, [{ measure: 'systolic', below: 140 }]);

    expect(series.map((s) => s.measure)).toEqual(['systolic', 'diastolic', 'phq2']);
    expect(series[0]).toMatchObject({
      name: 'Systolic blood pressure',
      latest: { value: '152 mmHg', outsideTarget: true },
      points: [
        { value: 134, shown: '134 mmHg' },
        { value: 152, shown: '152 mmHg' },
      ],
      targetText: 'Target: below 140 mmHg',
    });
    expect(series[1]).toMatchObject({ latest: { value: '84 mmHg', outsideTarget: false }, targetText: null });
    expect(series[2]).toMatchObject({ latest: { value: '1' }, points: [{ value: 1 }] });
  });

  it('says both bounds of a range, and nothing when there are no observations', () => {
    const [glucose] = measurementSeries(
      [reading('glucose', '41653-7', 64, '03-04')],
      [{ measure: 'glucose', above: 70, below: 180 }],
    );
    expect(glucose).toMatchObject({
      targetText: 'Target: above 70 and below 180 mg/dL',
      latest: { outsideTarget: true },
    });
    expect(measurementSeries([], [])).toEqual([]);
  });
});
