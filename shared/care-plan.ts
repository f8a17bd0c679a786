/**
 * The structured care plan (product-rules.md "Care management (CCM)") as text: for the call
 * assistant's `carePlan` variable, and for reading a saved revision.
 */
import type { CarePlanFields, Medication } from './domain';
import { targetText } from './observations/rules';

export const EMPTY_CARE_PLAN: CarePlanFields = {
  conditions: [],
  expected_outcome: '',
  goals: [],
  symptom_management: '',
  interventions: '',
  medications: [],
};

/** The most of a care plan the call prompt receives: the prompt stays well inside the model's window. */
export const CARE_PLAN_PROMPT_MAX = 4000;

export const medicationLine = (m: Medication) =>
  [m.name, m.dose, m.instructions].filter((part) => part.trim() !== '').join(' — ');

/** The plan as labelled sections; a section without content is left out. Empty when nothing is written. */
export function carePlanText(plan: CarePlanFields, note: string): string {
  const list = (items: readonly string[]) => items.map((item) => `- ${item}`).join('\n');
  const sections: [string, string][] = [
    ['Chronic conditions', list(plan.conditions.map((c) => `${c.description} (${c.code})`))],
    ['Expected outcome and prognosis', plan.expected_outcome],
    ['Goals', list(plan.goals)],
    ['Symptoms to ask about', plan.symptom_management],
    ['Interventions', plan.interventions],
    ['Medications', list(plan.medications.map(medicationLine))],
    ['Targets', list((plan.targets ?? []).map(targetText))],
    ['Note', note],
  ];
  return sections
    .filter(([, body]) => body.trim() !== '')
    .map(([title, body]) => `${title}:\n${body.trim()}`)
    .join('\n\n');
}

/**
 * The `carePlan` variable of the call prompt: the plan as text, cut at `max` characters on a line
 * boundary where it can be, so the assistant never reads half a word.
 */
export function carePlanPrompt(plan: CarePlanFields, note: string, max = CARE_PLAN_PROMPT_MAX): string {
  const text = carePlanText(plan, note);
  if (text.length <= max) return text;
  const marker = '\n[The care plan continues in the patient record.]';
  const room = text.slice(0, max - marker.length);
  const lineEnd = room.lastIndexOf('\n');
  return `${lineEnd > room.length / 2 ? room.slice(0, lineEnd) : room}${marker}`;
}
