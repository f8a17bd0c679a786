import { describe, expect, it } from 'vitest';
import { escalationWithReadings, monitoredMeasures } from '../../shared/observations/rules';
import { demoCcm, demoReadings } from './demo-data';

/** Every demo patient of both practices (30 each, as `npm start` seeds them). */
const plans = [0, 1].flatMap((org) => Array.from({ length: 30 }, (_, i) => demoCcm(org, i)));

describe('the demo readings', () => {
  it('give every monitored measure a target where the care plan can hold one', () => {
    for (const plan of plans) {
      const monitored = monitoredMeasures(plan.conditions.map((c) => c.code));
      for (const target of plan.targets) expect(monitored).toContain(target.measure);
      if (monitored.includes('systolic')) expect(plan.targets.map((t) => t.measure)).toContain('systolic');
    }
  });

  it('stay within target on Normal and Elective calls, so the seeded escalation is the one stored', () => {
    for (const [n, plan] of plans.entries()) {
      for (const ending of ['Normal', 'Elective'] as const) {
        const readings = demoReadings(plan.conditions, ending, n);
        expect(readings.length).toBeGreaterThan(0);
        expect(escalationWithReadings(ending, readings, plan.targets)).toEqual({ level: ending, notes: [] });
      }
    }
  });

  it('miss a target on Urgent calls wherever the plan sets one, and the note names the reading', () => {
    const targeted = plans.filter(
      (plan) => plan.targets.length > 0 && !plan.targets.every((t) => t.measure === 'gad7'),
    );
    expect(targeted.length).toBeGreaterThan(10);
    for (const [n, plan] of targeted.entries()) {
      const { level, notes } = escalationWithReadings(
        'Urgent',
        demoReadings(plan.conditions, 'Urgent', n),
        plan.targets,
      );
      expect(level).toBe('Urgent');
      expect(notes.join(' ')).toMatch(/target/);
    }
  });
});
