import type { CarePlan, ChronicCondition, Medication } from '../../../../../shared/domain';
import { carePlanSchema, firstError } from '../../../../../shared/validation';
import { MEASURES } from '../../../../../shared/observations/measures';
import {
  monitoredMeasures,
  TARGET_MEASURES,
  type MeasureTarget,
  type TargetMeasure,
} from '../../../../../shared/observations/rules';
import type { CarePlanInput } from '../api/care-plan';

/** A target's two bounds as typed; blank is no bound. */
export type TargetValues = Record<TargetMeasure, { above: string; below: string }>;

/** The care plan editor's values: goals one per line, as staff write them. */
export interface CarePlanValues {
  conditions: ChronicCondition[];
  expected_outcome: string;
  goals: string;
  symptom_management: string;
  interventions: string;
  medications: Medication[];
  targets: TargetValues;
  note: string;
}

function targetsToValues(targets: readonly MeasureTarget[]): TargetValues {
  const text = (n: number | undefined) => (n === undefined ? '' : String(n));
  return Object.fromEntries(
    TARGET_MEASURES.map((m) => {
      const target = targets.find((t) => t.measure === m);
      return [m, { above: text(target?.above), below: text(target?.below) }];
    }),
  ) as TargetValues;
}

/** The targets as the API takes them: a measure with no bound typed has no target. */
function valuesToTargets(values: TargetValues): MeasureTarget[] {
  const bound = (typed: string) => (typed.trim() === '' ? undefined : Number(typed.trim()));
  return TARGET_MEASURES.flatMap((measure): MeasureTarget[] => {
    const above = bound(values[measure].above);
    const below = bound(values[measure].below);
    if (above === undefined && below === undefined) return [];
    return [{ measure, ...(above === undefined ? {} : { above }), ...(below === undefined ? {} : { below }) }];
  });
}

/** The measures whose targets the form offers: what the conditions monitor, and any with a target already. */
export function targetMeasuresOf(values: CarePlanValues): { measure: TargetMeasure; name: string; unit: string }[] {
  const monitored = new Set<string>(monitoredMeasures(values.conditions.map((c) => c.code)));
  return TARGET_MEASURES.filter(
    (m) => monitored.has(m) || values.targets[m].above.trim() !== '' || values.targets[m].below.trim() !== '',
  ).map((measure) => ({ measure, name: MEASURES[measure].name, unit: MEASURES[measure].label }));
}

export function carePlanToValues(plan: CarePlan | null): CarePlanValues {
  return {
    conditions: plan?.conditions ?? [],
    expected_outcome: plan?.expected_outcome ?? '',
    goals: (plan?.goals ?? []).join('\n'),
    symptom_management: plan?.symptom_management ?? '',
    interventions: plan?.interventions ?? '',
    medications: plan?.medications ?? [],
    targets: targetsToValues(plan?.targets ?? []),
    note: plan?.note ?? '',
  };
}

/** The save body: blank goal lines dropped; the version read makes it a PUT. */
export function toCarePlanInput(values: CarePlanValues, version?: number): CarePlanInput {
  return {
    conditions: values.conditions,
    expected_outcome: values.expected_outcome.trim(),
    goals: values.goals
      .split('\n')
      .map((goal) => goal.trim())
      .filter(Boolean),
    symptom_management: values.symptom_management.trim(),
    interventions: values.interventions.trim(),
    medications: values.medications,
    targets: valuesToTargets(values.targets),
    note: values.note.trim(),
    ...(version === undefined ? {} : { version }),
  };
}

/** The API's first message for what the values break, or null. */
export function validateCarePlan(values: CarePlanValues): string | null {
  return firstError(carePlanSchema, toCarePlanInput(values));
}
