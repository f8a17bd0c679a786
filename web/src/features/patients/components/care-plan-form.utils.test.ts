import { describe, expect, it } from 'vitest';
import { TARGET_MESSAGES } from '../../../../../shared/observations/rules';
import { carePlanToValues, targetMeasuresOf, toCarePlanInput, validateCarePlan } from './care-plan-form.utils';

describe('care plan targets in the form', () => {
  const hypertensive = {
    ...carePlanToValues(null),
    conditions: [{ code: 'I10', description: 'Essential (primary) hypertension' }],
  };

  it('offers the targets of what the conditions monitor (and PHQ-9, asked of everyone)', () => {
    expect(targetMeasuresOf(hypertensive).map((m) => m.measure)).toEqual(['systolic', 'diastolic', 'phq9']);
    expect(targetMeasuresOf(hypertensive)[0]).toEqual({
      measure: 'systolic',
      name: 'Systolic blood pressure',
      unit: 'mmHg',
    });
  });

  it('sends the bounds typed as numbers, leaves out measures without any, and reads saved targets back', () => {
    const values = {
      ...hypertensive,
      targets: {
        ...hypertensive.targets,
        systolic: { above: '', below: ' 140 ' },
        glucose: { above: '70', below: '180' },
      },
    };

    const input = toCarePlanInput(values);

    expect(input.targets).toEqual([
      { measure: 'systolic', below: 140 },
      { measure: 'glucose', above: 70, below: 180 },
    ]);
    // A target already set stays offered, whatever the conditions.
    expect(targetMeasuresOf(values).map((m) => m.measure)).toContain('glucose');
    expect(carePlanToValues({ ...input, note: '' } as never).targets.systolic).toEqual({ above: '', below: '140' });
  });

  it("refuses a bound that is not a number or that the measure cannot have, in the API's words", () => {
    const typed = (below: string, above = '') => ({
      ...hypertensive,
      targets: { ...hypertensive.targets, systolic: { above, below } },
    });

    expect(validateCarePlan(typed('high'))).toBe(TARGET_MESSAGES.boundImplausible);
    expect(validateCarePlan(typed('900'))).toBe(TARGET_MESSAGES.boundImplausible);
    expect(validateCarePlan(typed('120', '130'))).toBe(TARGET_MESSAGES.boundsCrossed);
    expect(validateCarePlan(typed('140'))).toBeNull();
  });
});
