/**
 * The clinical rules of readings and screenings (DECISIONS "Observations"), pure so that the call
 * report, the care plan form and the worklist apply the same ones:
 * - which measures a care plan monitors, from its ICD-10-CM codes;
 * - which values a call's structured data may yield (implausible ones refused, never stored);
 * - whether a value is outside the care plan's target;
 * - how readings raise a call's escalation: outside a target, at least Urgent; any PHQ-9 item 9
 *   answer but "not at all", Emergent — whatever the assistant's own assessment said.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { ESCALATION_LEVELS, type EscalationLevel } from '../values/calls';
import {
  displayValue,
  isPlausible,
  MEASURE_NAMES,
  MEASURES,
  OBSERVATION_SOURCES,
  PHQ_ANSWERS,
  type Measure,
  type ObservationSource,
} from './measures';

/** Conditions by ICD-10-CM category, and what each makes a call ask. */
const MONITORED_BY_CATEGORY: readonly { categories: RegExp; measures: readonly Measure[] }[] = [
  // Hypertensive diseases, I10–I16.
  { categories: /^I1[0-6]/, measures: ['systolic', 'diastolic'] },
  // Diabetes mellitus, E08–E13.
  { categories: /^E(0[89]|1[0-3])/, measures: ['glucose'] },
  // Heart failure, I50 (and hypertensive heart disease with failure, I11.0 / I13.0 / I13.2).
  { categories: /^(I50|I11\.0|I13\.[02])/, measures: ['weight'] },
  // Depressive episodes and disorders (F32, F33, F34.1) and anxiety disorders (F41).
  { categories: /^(F3[23]|F34\.1|F41)/, measures: ['gad7'] },
];

/** Every check-in screens for depression; a positive PHQ-2 goes on to the PHQ-9 (with its item 9). */
const ALWAYS: readonly Measure[] = ['phq2', 'phq9', 'phq9Item9'];

/** The measures a care plan with these ICD-10-CM codes monitors, in catalogue order. */
export function monitoredMeasures(codes: readonly string[]): Measure[] {
  const wanted = new Set<Measure>(ALWAYS);
  for (const { categories, measures } of MONITORED_BY_CATEGORY) {
    if (codes.some((code) => categories.test(code.toUpperCase()))) for (const m of measures) wanted.add(m);
  }
  return MEASURE_NAMES.filter((m) => wanted.has(m));
}

/** One value a call yields, before it is stored with the call's id and time. */
export interface ObservedValue {
  measure: Measure;
  value: number;
  source: ObservationSource;
}

/** What the assistant's structured data may say: a list of readings, each a measure and a number. */
const readingSchema = lazySchema(() =>
  z.object({
    measure: z.enum(MEASURE_NAMES as [Measure, ...Measure[]]),
    value: z.number(),
    source: z.optional(z.enum(OBSERVATION_SOURCES)),
  }),
);
const readingsSchema = lazySchema(() => z.object({ readings: z.optional(z.array(z.unknown())) }));

/**
 * The values of a call's structured data: each well-formed, plausible reading once (the first one
 * said); what is implausible is refused and named (ids and measures only reach the log). A
 * diastolic not below its systolic is no pair of readings: both are refused.
 */
export function readObservations(structuredData: unknown): { values: ObservedValue[]; refused: Measure[] } {
  const parsed = readingsSchema.safeParse(structuredData);
  if (!parsed.success) return { values: [], refused: [] };
  const values = new Map<Measure, ObservedValue>();
  const refused: Measure[] = [];
  for (const raw of parsed.data.readings ?? []) {
    const reading = readingSchema.safeParse(raw);
    if (!reading.success || values.has(reading.data.measure)) continue;
    const { measure, value, source } = reading.data;
    if (!isPlausible(measure, value)) refused.push(measure);
    else values.set(measure, { measure, value, source: source ?? 'reported' });
  }
  const systolic = values.get('systolic');
  const diastolic = values.get('diastolic');
  if (systolic && diastolic && diastolic.value >= systolic.value) {
    values.delete('systolic');
    values.delete('diastolic');
    refused.push('systolic', 'diastolic');
  }
  return { values: MEASURE_NAMES.flatMap((m) => values.get(m) ?? []), refused };
}

/** The measures a care plan may set a target for (screening items have fixed rules instead). */
export const TARGET_MEASURES = [
  'systolic',
  'diastolic',
  'weight',
  'glucose',
  'phq9',
  'gad7',
] as const satisfies readonly Measure[];
export type TargetMeasure = (typeof TARGET_MEASURES)[number];

/** A care plan's target for one measure: the value stays below `below` and above `above` (either or both). */
export interface MeasureTarget {
  measure: TargetMeasure;
  below?: number;
  above?: number;
}

export const TARGET_MESSAGES = {
  boundRequired: 'A target needs a value to stay below or above',
  boundImplausible: 'A target must be a value the measure can have',
  boundsCrossed: 'The value to stay above must be lower than the value to stay below',
  repeated: 'Each measure can have one target',
} as const;

const bound = lazySchema(() => z.optional(z.number({ error: TARGET_MESSAGES.boundImplausible })));

/** A target as the care plan form and the API take it. */
export const measureTargetSchema = lazySchema(() =>
  z.object({ measure: z.enum(TARGET_MEASURES), below: bound, above: bound }).check(
    z.refine((t) => t.below !== undefined || t.above !== undefined, { error: TARGET_MESSAGES.boundRequired }),
    z.refine(
      (t) =>
        [t.below, t.above].every(
          (b) => b === undefined || (b >= MEASURES[t.measure].min && b <= MEASURES[t.measure].max),
        ),
      { error: TARGET_MESSAGES.boundImplausible },
    ),
    z.refine((t) => t.below === undefined || t.above === undefined || t.above < t.below, {
      error: TARGET_MESSAGES.boundsCrossed,
    }),
  ),
);

export const measureTargetsSchema = lazySchema(() =>
  z.array(measureTargetSchema).check(
    z.maxLength(TARGET_MEASURES.length, { error: TARGET_MESSAGES.repeated }),
    z.refine((targets) => new Set(targets.map((t) => t.measure)).size === targets.length, {
      error: TARGET_MESSAGES.repeated,
    }),
  ),
);

/** The target a value misses, or null when it meets its target or the plan sets none. */
export function missedTarget(observed: ObservedValue, targets: readonly MeasureTarget[]): MeasureTarget | null {
  const target = targets.find((t) => t.measure === observed.measure);
  if (!target) return null;
  const tooHigh = target.below !== undefined && observed.value >= target.below;
  const tooLow = target.above !== undefined && observed.value <= target.above;
  return tooHigh || tooLow ? target : null;
}

/** A target's bounds in words: `above 70 and below 180`. */
export function targetBounds(target: MeasureTarget): string {
  return [
    target.above !== undefined ? `above ${target.above}` : null,
    target.below !== undefined ? `below ${target.below}` : null,
  ]
    .filter(Boolean)
    .join(' and ');
}

/** A target as the care plan reads: `Systolic blood pressure: below 140 (mmHg)`. */
export function targetText(target: MeasureTarget): string {
  const { name, label } = MEASURES[target.measure];
  return `${name}: ${targetBounds(target)}${label ? ` (${label})` : ''}`;
}

/** How a missed target reads to staff: `Systolic blood pressure 162 mmHg (target: below 140)`. */
export function missedTargetNote(observed: ObservedValue, target: MeasureTarget): string {
  return `${MEASURES[observed.measure].name} ${displayValue(observed.measure, observed.value)} (target: ${targetBounds(target)})`;
}

const severity = (level: EscalationLevel) => ESCALATION_LEVELS.length - ESCALATION_LEVELS.indexOf(level);
const atLeast = (level: EscalationLevel, floor: EscalationLevel) =>
  severity(level) >= severity(floor) ? level : floor;

/**
 * A call's escalation once its readings are weighed: never lower than the assistant's, at least
 * Urgent when a reading misses its target, Emergent when PHQ-9 item 9 is answered anything but
 * "not at all". The notes name each reading that raised it, for the summary staff read.
 */
export function escalationWithReadings(
  assessed: EscalationLevel,
  values: readonly ObservedValue[],
  targets: readonly MeasureTarget[],
): { level: EscalationLevel; notes: string[] } {
  let level = assessed;
  const notes: string[] = [];
  for (const observed of values) {
    if (observed.measure === 'phq9Item9' && observed.value > 0) {
      level = 'Emergent';
      notes.push(`${MEASURES.phq9Item9.name}: "${PHQ_ANSWERS[observed.value] ?? observed.value}"`);
      continue;
    }
    const target = missedTarget(observed, targets);
    if (target) {
      level = atLeast(level, 'Urgent');
      notes.push(missedTargetNote(observed, target));
    }
  }
  return { level, notes };
}
