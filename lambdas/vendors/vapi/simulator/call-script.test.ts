import { describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_PROMPT, renderPrompt } from '../../../../shared/values/settings';
import { carePlanText, EMPTY_CARE_PLAN } from '../../../../shared/care-plan';
import { escalationWithReadings } from '../../../../shared/observations/rules';
import { checkInDataPlan } from '../check-in-data';
import {
  askedMeasures,
  carePlanTargets,
  carePlanTopics,
  scriptFor,
  simulatedReadings,
  simulatedTimeline,
} from './call-script';

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

describe('readings the simulated patient gives', () => {
  const targets = [
    { measure: 'systolic' as const, below: 135 },
    { measure: 'glucose' as const, above: 80, below: 150 },
  ];
  const prompt = renderPrompt(DEFAULT_SYSTEM_PROMPT, {
    patientName: 'Ana',
    providerName: 'Lakeside',
    carePlan: carePlanText({ ...EMPTY_CARE_PLAN, goals: ['Walk daily'], targets }, ''),
    hasCarePlan: 'true',
    emrNotes: 'None.',
  });
  const measures = ['systolic', 'diastolic', 'glucose', 'phq2', 'phq9', 'phq9Item9'] as const;

  it("reads the care plan's targets from the prompt", () => {
    expect(carePlanTargets(prompt)).toEqual(targets);
    expect(carePlanTargets('Care plan:\nGoals: walk\n\nRecent EMR notes:\nNone.')).toEqual([]);
  });

  it('answers what the structured data plan asks, within target on a usual call and over one on an Urgent call', () => {
    const overrides = {
      firstMessage: 'Hello',
      model: { provider: 'openai', model: 'gpt-4o', messages: [{ role: 'system', content: prompt }] },
      analysisPlan: { structuredDataPlan: checkInDataPlan(measures) },
    } as Parameters<typeof scriptFor>[0];
    expect(askedMeasures(overrides)).toEqual([...measures]);

    const usual = scriptFor(overrides, 'Normal').analysis.structuredData as { readings: never[] };
    const urgent = scriptFor(overrides, 'Urgent').analysis.structuredData as { readings: never[] };

    // PHQ-2 stays negative, so PHQ-9 is not asked.
    expect(usual.readings.map((r: { measure: string }) => r.measure)).toEqual([
      'systolic',
      'diastolic',
      'glucose',
      'phq2',
    ]);
    expect(escalationWithReadings('Normal', usual.readings, targets)).toEqual({ level: 'Normal', notes: [] });
    const weighed = escalationWithReadings('Normal', urgent.readings, targets);
    expect(weighed.level).toBe('Urgent');
    expect(weighed.notes).toEqual([expect.stringMatching(/^Systolic blood pressure \d+ mmHg \(target: below 135\)$/)]);
  });

  it('gives plausible pairs of blood pressure, and no readings when none are asked', () => {
    const [systolic, diastolic] = simulatedReadings(
      ['systolic', 'diastolic'],
      [{ measure: 'diastolic', below: 70 }],
      true,
    );
    expect(diastolic?.value).toBeLessThan(systolic?.value ?? 0);
    expect(diastolic?.value).toBeGreaterThanOrEqual(70);
    expect(simulatedReadings([], [], true)).toEqual([]);
  });
});
