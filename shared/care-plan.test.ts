import { describe, expect, it } from 'vitest';
import { carePlanTopics } from '../lambdas/vendors/vapi/simulator/call-script';
import { CARE_PLAN_PROMPT_MAX, EMPTY_CARE_PLAN, carePlanPrompt, carePlanText } from './care-plan';
import { DEFAULT_SYSTEM_PROMPT, renderPrompt } from './values/settings';

const plan = {
  conditions: [
    { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
    { code: 'I10', description: 'Essential (primary) hypertension' },
  ],
  expected_outcome: 'Stable with adherence.',
  goals: ['A1c below 7.0%', 'Walk 20 minutes a day'],
  symptom_management: 'Ask about thirst and dizziness.',
  interventions: '',
  medications: [
    { name: 'Metformin', dose: '500 mg', instructions: 'Twice daily' },
    { name: 'Lisinopril', dose: '', instructions: '' },
  ],
};

describe('the care plan as text', () => {
  it('has a labelled section for each part that says something, in the plan order', () => {
    expect(carePlanText(plan, 'Prefers mornings.')).toBe(
      [
        'Chronic conditions:\n- Type 2 diabetes mellitus without complications (E11.9)\n- Essential (primary) hypertension (I10)',
        'Expected outcome and prognosis:\nStable with adherence.',
        'Goals:\n- A1c below 7.0%\n- Walk 20 minutes a day',
        'Symptoms to ask about:\nAsk about thirst and dizziness.',
        'Medications:\n- Metformin — 500 mg — Twice daily\n- Lisinopril',
        'Note:\nPrefers mornings.',
      ].join('\n\n'),
    );
  });

  it('reads a plan saved before plans were structured as its note alone, and an empty plan as nothing', () => {
    expect(carePlanText(EMPTY_CARE_PLAN, 'Goals: walk daily.')).toBe('Note:\nGoals: walk daily.');
    expect(carePlanText(EMPTY_CARE_PLAN, '  ')).toBe('');
  });

  it('bounds the prompt variable, cutting at a line and saying the plan goes on', () => {
    const long = { ...plan, goals: Array.from({ length: 400 }, (_, i) => `Goal number ${i} for this month`) };
    const prompt = carePlanPrompt(long, 'Note', 1000);
    expect(prompt.length).toBeLessThanOrEqual(1000);
    expect(prompt).toMatch(/- Goal number \d+ for this month\n\[The care plan continues in the patient record\.\]$/);
    expect(carePlanPrompt(plan, '')).toBe(carePlanText(plan, ''));
    expect(CARE_PLAN_PROMPT_MAX).toBe(4000);
  });

  it('gives the call assistant its goals and medications (the voice simulator reads them as Vapi would be told)', () => {
    const prompt = renderPrompt(DEFAULT_SYSTEM_PROMPT, {
      patientName: 'Ana',
      providerName: 'Sunrise',
      carePlan: carePlanPrompt(plan, 'Prefers mornings.'),
      hasCarePlan: 'true',
      emrNotes: 'No EMR notes on file.',
    });
    expect(prompt).toContain('Type 2 diabetes mellitus without complications (E11.9)');
    expect(carePlanTopics(prompt)).toEqual({
      goals: ['A1c below 7.0%', 'Walk 20 minutes a day', 'Prefers mornings'],
      medications: ['Metformin — 500 mg — Twice daily', 'Lisinopril'],
    });
  });
});
