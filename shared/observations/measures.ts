/**
 * What a check-in call measures (DECISIONS "Observations"): each reading and screening score as a
 * LOINC-coded observation, with the unit it is kept in and the range a living patient can have.
 * A value outside that range is a mishearing or a typing slip, never a reading: it is refused, not
 * stored. LOINC codes as LOINC publishes them (each one's long name beside it).
 */

export const MEASURES = {
  /** LOINC 8480-6 "Systolic blood pressure". */
  systolic: {
    loinc: '8480-6',
    name: 'Systolic blood pressure',
    unit: 'mm[Hg]',
    label: 'mmHg',
    min: 50,
    max: 300,
    whole: true,
  },
  /** LOINC 8462-4 "Diastolic blood pressure". */
  diastolic: {
    loinc: '8462-4',
    name: 'Diastolic blood pressure',
    unit: 'mm[Hg]',
    label: 'mmHg',
    min: 20,
    max: 200,
    whole: true,
  },
  /** LOINC 29463-7 "Body weight"; patients in the US weigh themselves in pounds. */
  weight: { loinc: '29463-7', name: 'Body weight', unit: '[lb_av]', label: 'lb', min: 40, max: 1000, whole: false },
  /** LOINC 41653-7 "Glucose [Mass/volume] in Capillary blood by Glucometer": a home meter reads 20–600. */
  glucose: { loinc: '41653-7', name: 'Blood glucose', unit: 'mg/dL', label: 'mg/dL', min: 20, max: 600, whole: true },
  /** LOINC 55758-7 "Patient Health Questionnaire 2 item (PHQ-2) total score [Reported]". */
  phq2: { loinc: '55758-7', name: 'PHQ-2 total score', unit: '{score}', label: '', min: 0, max: 6, whole: true },
  /** LOINC 44261-6 "Patient Health Questionnaire 9 item (PHQ-9) total score [Reported]". */
  phq9: { loinc: '44261-6', name: 'PHQ-9 total score', unit: '{score}', label: '', min: 0, max: 27, whole: true },
  /** LOINC 44260-8 "Thoughts that you would be better off dead, or of hurting yourself in some way" (0–3). */
  phq9Item9: {
    loinc: '44260-8',
    name: 'PHQ-9 item 9 (thoughts of self-harm)',
    unit: '{score}',
    label: '',
    min: 0,
    max: 3,
    whole: true,
  },
  /** LOINC 70274-6 "Generalized anxiety disorder 7 item (GAD-7) total score [Reported.PHQ]". */
  gad7: { loinc: '70274-6', name: 'GAD-7 total score', unit: '{score}', label: '', min: 0, max: 21, whole: true },
} as const;

export type Measure = keyof typeof MEASURES;
export const MEASURE_NAMES = Object.keys(MEASURES) as Measure[];

/** The PHQ's answer scale (0–3), as item 9's answer is spoken. */
export const PHQ_ANSWERS = ['not at all', 'several days', 'more than half the days', 'nearly every day'] as const;

/** A PHQ-2 total of 3 or more is a positive screen: the assistant goes on to the full PHQ-9. */
export const PHQ2_POSITIVE = 3;

/** How a value reached CareLoop: read from a device (a cuff, a scale, a meter) or told from memory. */
export const OBSERVATION_SOURCES = ['device', 'reported'] as const;
export type ObservationSource = (typeof OBSERVATION_SOURCES)[number];

/** Whether a value can be a reading of this measure (in range, whole where the measure counts). */
export function isPlausible(measure: Measure, value: number): boolean {
  const { min, max, whole } = MEASURES[measure];
  return Number.isFinite(value) && value >= min && value <= max && (!whole || Number.isInteger(value));
}

/** A value with its unit as staff read it: `142 mmHg`, `181.5 lb`, `PHQ-9 total score 12`. */
export function displayValue(measure: Measure, value: number): string {
  const { label } = MEASURES[measure];
  return label ? `${value} ${label}` : String(value);
}
