import { describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_PROMPT, renderPrompt } from '../../../../shared/values/settings';
import { carePlanTopics, simulatedTimeline } from './call-script';

const CARE_PLAN =
  'Condition: Type 2 diabetes mellitus.\nGoals: Walk 20 minutes daily; A1c below 7.0% within 6 months.\n' +
  'Medications: Metformin 1000 mg twice daily; Jardiance 10 mg daily.\nEscalate: glucose over 300.';

describe('simulatedTimeline', () => {
  it("takes 10–20 s per call in 'realtime' mode, in order", () => {
    for (const ending of ['no_answer', 'failure', 'Normal'] as const) {
      for (let i = 0; i < 50; i++) {
        const t = simulatedTimeline(ending, 'realtime');
        expect(t.ringing).toBeLessThan(t.answered);
        expect(t.answered).toBeLessThan(t.ended);
        expect(t.ended).toBeLessThan(t.report);
        expect(t.report).toBeGreaterThanOrEqual(10_000);
        expect(t.report).toBeLessThanOrEqual(20_000);
      }
    }
  });

  it("takes a few hundred milliseconds in 'instant' mode", () => {
    expect(simulatedTimeline('Normal', 'instant').report).toBeLessThan(500);
  });
});

describe('carePlanTopics', () => {
  it('reads goals and medications between "Care plan:" and "Recent EMR notes:"', () => {
    const prompt = renderPrompt(DEFAULT_SYSTEM_PROMPT, {
      patientName: 'Ana',
      providerName: 'Lakeside',
      carePlan: `${CARE_PLAN}\n\nSecondary: COPD. Goals: stay active with daily walks.`,
      hasCarePlan: 'true',
      emrNotes: 'Goals: not a goal, an EMR note.',
    });

    expect(carePlanTopics(prompt)).toEqual({
      goals: ['Walk 20 minutes daily', 'A1c below 7.0% within 6 months', 'stay active with daily walks'],
      medications: ['Metformin 1000 mg twice daily', 'Jardiance 10 mg daily'],
    });
  });

  it('takes bullet lines as goals, and finds nothing in a prompt without the headings', () => {
    const prompt =
      'Care plan:\n- Walk 20 minutes daily\n* Check blood pressure each morning\n1. Eat less salt\n\nRecent EMR notes:\nBP 142/88';

    expect(carePlanTopics(prompt).goals).toEqual([
      'Walk 20 minutes daily',
      'Check blood pressure each morning',
      'Eat less salt',
    ]);
    expect(carePlanTopics('You are a helpful assistant.')).toEqual({ goals: [], medications: [] });
  });
});
