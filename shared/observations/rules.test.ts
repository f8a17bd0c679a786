import { describe, expect, it } from 'vitest';
import { isPlausible, MEASURES } from './measures';
import {
  escalationWithReadings,
  measureTargetsSchema,
  missedTarget,
  monitoredMeasures,
  readObservations,
  TARGET_MESSAGES,
  type MeasureTarget,
} from './rules';

const bp = (systolic: number, diastolic: number) => ({
  readings: [
    { measure: 'systolic', value: systolic, source: 'device' },
    { measure: 'diastolic', value: diastolic, source: 'device' },
  ],
});

describe('the LOINC catalogue', () => {
  it('codes each measure as LOINC publishes it', () => {
    expect(Object.fromEntries(Object.entries(MEASURES).map(([m, d]) => [m, d.loinc]))).toEqual({
      systolic: '8480-6',
      diastolic: '8462-4',
      weight: '29463-7',
      glucose: '41653-7',
      phq2: '55758-7',
      phq9: '44261-6',
      phq9Item9: '44260-8',
      gad7: '70274-6',
    });
  });

  it('knows the range each measure can have', () => {
    expect(isPlausible('systolic', 142)).toBe(true);
    expect(isPlausible('systolic', 1420)).toBe(false);
    expect(isPlausible('systolic', 142.5)).toBe(false);
    expect(isPlausible('weight', 181.5)).toBe(true);
    expect(isPlausible('phq9', 28)).toBe(false);
    expect(isPlausible('glucose', Number.NaN)).toBe(false);
  });
});

describe('monitoredMeasures', () => {
  it('asks for what the conditions call for, and screens everyone for depression', () => {
    expect(monitoredMeasures(['I10'])).toEqual(['systolic', 'diastolic', 'phq2', 'phq9', 'phq9Item9']);
    expect(monitoredMeasures(['E11.9', 'I50.32'])).toEqual(['weight', 'glucose', 'phq2', 'phq9', 'phq9Item9']);
    expect(monitoredMeasures(['F41.1'])).toEqual(['phq2', 'phq9', 'phq9Item9', 'gad7']);
    expect(monitoredMeasures(['i11.0'])).toEqual(['systolic', 'diastolic', 'weight', 'phq2', 'phq9', 'phq9Item9']);
    expect(monitoredMeasures(['J44.9'])).toEqual(['phq2', 'phq9', 'phq9Item9']);
  });
});

describe('readObservations', () => {
  it('keeps plausible readings once each, in catalogue order, reported unless read from a device', () => {
    expect(
      readObservations({
        readings: [
          { measure: 'glucose', value: 143 },
          { measure: 'systolic', value: 150, source: 'device' },
          { measure: 'diastolic', value: 92, source: 'device' },
          { measure: 'glucose', value: 99 },
        ],
      }),
    ).toEqual({
      values: [
        { measure: 'systolic', value: 150, source: 'device' },
        { measure: 'diastolic', value: 92, source: 'device' },
        { measure: 'glucose', value: 143, source: 'reported' },
      ],
      refused: [],
    });
  });

  it('refuses implausible values and a diastolic not below its systolic, storing none of them', () => {
    expect(
      readObservations({
        readings: [
          { measure: 'glucose', value: 1430 },
          { measure: 'phq9', value: 12 },
        ],
      }),
    ).toEqual({
      values: [{ measure: 'phq9', value: 12, source: 'reported' }],
      refused: ['glucose'],
    });
    expect(readObservations(bp(80, 120))).toEqual({ values: [], refused: ['systolic', 'diastolic'] });
  });

  it('reads nothing from malformed structured data, skipping malformed items', () => {
    for (const data of [null, 'BP 150/90', { readings: 'x' }, []])
      expect(readObservations(data)).toEqual({ values: [], refused: [] });
    expect(
      readObservations({ readings: [{ measure: 'pulse', value: 70 }, { measure: 'weight', value: '180' }, 5] }),
    ).toEqual({
      values: [],
      refused: [],
    });
  });
});

describe('targets', () => {
  const targets: MeasureTarget[] = [
    { measure: 'systolic', below: 140 },
    { measure: 'glucose', above: 70, below: 180 },
  ];

  it('finds a value at or past a bound outside its target', () => {
    expect(missedTarget({ measure: 'systolic', value: 139, source: 'device' }, targets)).toBeNull();
    expect(missedTarget({ measure: 'systolic', value: 140, source: 'device' }, targets)).toEqual(targets[0]);
    expect(missedTarget({ measure: 'glucose', value: 65, source: 'device' }, targets)).toEqual(targets[1]);
    expect(missedTarget({ measure: 'diastolic', value: 120, source: 'device' }, targets)).toBeNull();
  });

  it('takes targets a plan can hold, in the texts the form shows', () => {
    expect(measureTargetsSchema.safeParse(targets).success).toBe(true);
    const errors = (value: unknown) => measureTargetsSchema.safeParse(value).error?.issues.map((i) => i.message);
    expect(errors([{ measure: 'systolic' }])).toEqual([TARGET_MESSAGES.boundRequired]);
    expect(errors([{ measure: 'systolic', below: 1400 }])).toEqual([TARGET_MESSAGES.boundImplausible]);
    expect(errors([{ measure: 'glucose', above: 180, below: 70 }])).toEqual([TARGET_MESSAGES.boundsCrossed]);
    expect(errors([targets[0], targets[0]])).toEqual([TARGET_MESSAGES.repeated]);
    expect(errors([{ measure: 'phq9Item9', below: 1 }])).toHaveLength(1);
  });
});

describe('escalationWithReadings', () => {
  const targets: MeasureTarget[] = [{ measure: 'systolic', below: 140 }];

  it('raises a call to Urgent when a reading misses its target, naming it, whatever the assistant said', () => {
    const { values } = readObservations(bp(162, 95));
    expect(escalationWithReadings('Normal', values, targets)).toEqual({
      level: 'Urgent',
      notes: ['Systolic blood pressure 162 mmHg (target: below 140)'],
    });
    expect(escalationWithReadings('Emergent', values, targets).level).toBe('Emergent');
  });

  it('keeps the assessment when every reading meets its target', () => {
    expect(escalationWithReadings('Elective', readObservations(bp(128, 80)).values, targets)).toEqual({
      level: 'Elective',
      notes: [],
    });
  });

  it('makes any PHQ-9 item 9 answer but "not at all" Emergent', () => {
    const said = (value: number) => readObservations({ readings: [{ measure: 'phq9Item9', value }] }).values;
    expect(escalationWithReadings('Normal', said(0), targets)).toEqual({ level: 'Normal', notes: [] });
    expect(escalationWithReadings('Normal', said(1), targets)).toEqual({
      level: 'Emergent',
      notes: ['PHQ-9 item 9 (thoughts of self-harm): "several days"'],
    });
    expect(escalationWithReadings('Urgent', said(3), targets).level).toBe('Emergent');
  });
});
