import type { CarePlan, ChronicCondition, Medication } from '../../../../../shared/domain';
import { carePlanSchema, firstError } from '../../../../../shared/validation';
import type { CarePlanInput } from '../api/care-plan';

/** The care plan editor's values: goals one per line, as staff write them. */
export interface CarePlanValues {
  conditions: ChronicCondition[];
  expected_outcome: string;
  goals: string;
  symptom_management: string;
  interventions: string;
  medications: Medication[];
  note: string;
}

export function carePlanToValues(plan: CarePlan | null): CarePlanValues {
  return {
    conditions: plan?.conditions ?? [],
    expected_outcome: plan?.expected_outcome ?? '',
    goals: (plan?.goals ?? []).join('\n'),
    symptom_management: plan?.symptom_management ?? '',
    interventions: plan?.interventions ?? '',
    medications: plan?.medications ?? [],
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
    note: values.note.trim(),
    ...(version === undefined ? {} : { version }),
  };
}

/** The API's first message for what the values break, or null. */
export function validateCarePlan(values: CarePlanValues): string | null {
  return firstError(carePlanSchema, toCarePlanInput(values));
}
