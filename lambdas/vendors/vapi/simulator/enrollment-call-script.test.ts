import { describe, expect, it } from 'vitest';
import { checkInDataPlan } from '../check-in-data';
import { enrollmentDataPlan } from '../enrollment-call-data';
import { enrollmentScriptFor, isEnrollmentCall, simulatedEnrollmentAnswerOf } from './enrollment-call-script';

const overrides = { firstMessage: 'Hello, this is Care.', analysisPlan: { structuredDataPlan: enrollmentDataPlan() } };

describe('the simulated enrollment call', () => {
  it('is told apart from a check-in by its structured data plan', () => {
    expect(isEnrollmentCall(overrides)).toBe(true);
    expect(isEnrollmentCall({ analysisPlan: { structuredDataPlan: checkInDataPlan([]) } })).toBe(false);
    expect(isEnrollmentCall(undefined)).toBe(false);
  });

  it('answers by the last digit: 4 declined, 5 unclear, any other interested', () => {
    expect(simulatedEnrollmentAnswerOf('+15555550104')).toBe('declined');
    expect(simulatedEnrollmentAnswerOf('+15555550105')).toBe('unclear');
    for (const digit of [3, 6, 7, 8, 9]) expect(simulatedEnrollmentAnswerOf(`+1555555010${digit}`)).toBe('interested');
  });

  it('is not answered, busy or broken by 0, 1 and 2, as a check-in', () => {
    expect(enrollmentScriptFor(overrides, '+15555550100')).toMatchObject({ ending: 'no_answer', turns: [] });
    expect(enrollmentScriptFor(overrides, '+15555550101')).toMatchObject({ ending: 'busy', turns: [] });
    expect(enrollmentScriptFor(overrides, '+15555550102')).toMatchObject({ ending: 'failure' });
  });

  it('reports the answer in the structured data the plan asks for', () => {
    const script = enrollmentScriptFor(overrides, '+15555550104');

    expect(script.analysis.structuredData).toEqual({ enrollment_answer: 'declined', stop_calls: false });
    expect(script.turns[0]).toEqual({ role: 'assistant', text: 'Hello, this is Care.' });
    expect(enrollmentScriptFor(overrides, '+15555550106').analysis.structuredData).toMatchObject({
      enrollment_answer: 'interested',
    });
  });
});
