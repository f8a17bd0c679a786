/** The living demo of local mode: realistic, deterministic, and obviously fictional. */
import type { Measure, ObservationSource } from '../../shared/observations/measures';
import {
  monitoredMeasures,
  type MeasureTarget,
  type ObservedValue,
  type TargetMeasure,
} from '../../shared/observations/rules';
import type { EscalationLevel } from '../../shared/values/calls';

export const DEMO_PASSWORD = 'CareLoop-demo-2026';

/** The demo's sign-ins: the operator and each practice's first nurse (see DEMO_ORGANIZATIONS). */
export const DEMO_ACCOUNTS = {
  operator: 'admin@careloop.health',
  sunrise: 'nurse@sunrise.example',
  lakeside: 'nurse@lakeside.example',
} as const;

export const DEMO_OPERATOR = { email: DEMO_ACCOUNTS.operator, firstName: 'Avery', lastName: 'Morgan' };

export const DEMO_ORGANIZATIONS = [
  {
    key: 'sunrise',
    name: 'Sunrise Family Medicine',
    address: '1200 Harbor View Rd, Suite 210, Tampa, FL 33602',
    telephone: '+18135550142',
    // Its texting number: one of the local Twilio account's (LOCAL_TWILIO_SENDER_NUMBERS).
    smsSender: '+18135550101',
    officeEmail: 'office@sunrise.example',
    timezone: 'America/New_York',
    staff: [
      { email: DEMO_ACCOUNTS.sunrise, firstName: 'Nora', lastName: 'Ellis', phone: '+18135550190' },
      { email: 'dr.patel@sunrise.example', firstName: 'Ravi', lastName: 'Patel', phone: '+18135550191' },
    ],
  },
  {
    key: 'lakeside',
    name: 'Lakeside Internal Medicine',
    address: '48 Shoreline Dr, Madison, WI 53703',
    telephone: '+16085550123',
    smsSender: '+18135550102',
    officeEmail: 'frontdesk@lakeside.example',
    timezone: 'America/Chicago',
    staff: [
      { email: DEMO_ACCOUNTS.lakeside, firstName: 'Liam', lastName: 'Okafor', phone: '+16085550177' },
      { email: 'dr.chen@lakeside.example', firstName: 'Mei', lastName: 'Chen', phone: '+16085550178' },
    ],
  },
] as const;

const FIRST = [
  'Margaret',
  'Harold',
  'Dorothy',
  'Walter',
  'Ruth',
  'Eugene',
  'Shirley',
  'Frank',
  'Betty',
  'Raymond',
  'Joan',
  'Arthur',
  'Gloria',
  'Ernest',
  'Marilyn',
  'Carl',
  'Phyllis',
  'Lawrence',
  'Janet',
  'Howard',
  'Evelyn',
  'Gerald',
  'Lois',
  'Roy',
  'Alice',
  'Dennis',
  'Rose',
  'Clarence',
  'Irene',
  'Leonard',
  'Norma',
  'Stanley',
];
const LAST = [
  'Alvarez',
  'Brooks',
  'Carter',
  'Dawson',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ibarra',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Moreno',
  'Nguyen',
  'Oliveira',
  'Price',
  'Quinn',
  'Reyes',
  'Sullivan',
  'Thompson',
  'Underwood',
  'Vasquez',
  'Whitaker',
  'Xu',
  'Young',
  'Zimmerman',
  'Abbott',
  'Bennett',
  'Coleman',
  'Delgado',
  'Edwards',
  'Foster',
  'Grant',
];

const CONDITIONS = [
  {
    name: 'Type 2 diabetes',
    plan: 'Condition: Type 2 diabetes mellitus (A1c 7.8% last quarter).\nGoals: A1c below 7.0% within 6 months; fasting glucose 80-130 mg/dL.\nMedications: Metformin 1000 mg twice daily; Jardiance 10 mg daily.\nMonthly check-in: ask about home glucose readings, missed doses, foot sores, low-sugar episodes.\nEscalate: glucose over 300 or under 60, confusion, foot wound that is not healing.',
    notes:
      'Last visit: A1c 7.8%, BMI 31. Retinal exam due. Patient checks glucose most mornings. Diet counseling given.',
  },
  {
    name: 'Hypertension',
    plan: 'Condition: Essential hypertension.\nGoals: blood pressure below 130/80 at home.\nMedications: Lisinopril 20 mg daily; Amlodipine 5 mg daily.\nMonthly check-in: home BP log, dizziness, swelling in ankles, salt intake, adherence.\nEscalate: BP over 180/110, chest pain, severe headache, vision changes.',
    notes: 'Office BP 142/88. Home readings average 134/84. Started amlodipine two months ago, tolerating well.',
  },
  {
    name: 'COPD',
    plan: 'Condition: Chronic obstructive pulmonary disease, moderate.\nGoals: fewer than 1 exacerbation per year; stay active with daily walks.\nMedications: Tiotropium inhaler daily; Albuterol as needed.\nMonthly check-in: breathlessness compared to last month, rescue inhaler use, cough and sputum colour, fever.\nEscalate: breathless at rest, lips turning blue, rescue inhaler needed more than every 4 hours.',
    notes: 'FEV1 58% predicted. Former smoker (quit 2019). Pneumococcal vaccine up to date. Pulmonary rehab completed.',
  },
  {
    name: 'Heart failure',
    plan: 'Condition: Heart failure with reduced ejection fraction (EF 35%).\nGoals: stable weight (within 2 lb per day, 5 lb per week); no hospital admissions.\nMedications: Entresto 49/51 mg twice daily; Carvedilol 12.5 mg twice daily; Furosemide 40 mg daily.\nMonthly check-in: daily weights, swelling, shortness of breath lying flat, fluid and salt limits.\nEscalate: weight gain over 3 lb in a day or 5 lb in a week, chest pain, fainting.',
    notes: 'Echo: EF 35%. NYHA class II. Last BNP improved. Cardiology follow-up in 3 months.',
  },
  {
    name: 'Chronic kidney disease',
    plan: 'Condition: Chronic kidney disease stage 3a with hypertension.\nGoals: protect kidney function; BP below 130/80; avoid NSAIDs.\nMedications: Losartan 50 mg daily; Atorvastatin 20 mg nightly.\nMonthly check-in: swelling, urine changes, over-the-counter pain relievers, BP readings.\nEscalate: very little urine, sudden swelling, confusion.',
    notes: 'eGFR 52, stable over 12 months. Urine albumin mildly elevated. Nephrology referral discussed.',
  },
];

export interface DemoPatient {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  carePlan: string;
  emrNotes: string;
  /** How many days before today the patient was enrolled (spreads created_at over months). */
  enrolledDaysAgo: number;
  /** The practice's medical record number: unique in the organization. */
  mrn: string;
  /** `YYYY-MM-DD`: Medicare age (65 to 89 in 2026). */
  dateOfBirth: string;
  /** The fifth patient of each practice speaks Spanish (DECISIONS "Languages"). */
  preferredLanguage: 'en' | 'es';
}

/** Deterministic patients for an organization: same names and plans on every fresh start. */
export function demoPatients(orgIndex: number, count: number, areaCode: string): DemoPatient[] {
  return Array.from({ length: count }, (_, i) => {
    const n = orgIndex * 7 + i;
    const firstName = FIRST[(n * 5) % FIRST.length] as string;
    const lastName = LAST[(n * 11 + orgIndex) % LAST.length] as string;
    const condition = CONDITIONS[n % CONDITIONS.length]!;
    const second = CONDITIONS[(n + 2) % CONDITIONS.length]!;
    return {
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${orgIndex}${i}@patients.example`.toLowerCase(),
      // The last digit picks the voice simulator's ending (0 no answer, 1 busy, 2 failure, 3 Emergent,
      // 4 Urgent, 5 Elective, 6-9 Normal): the newest patients answer.
      phone: `+1${areaCode}555${2000 + Math.floor(n / 10) * 10 + ((n + 6) % 10)}`,
      carePlan:
        i % 3 === 2
          ? `${condition.plan}\n\nSecondary: ${second.name}. ${second.plan.split('\n')[1] ?? ''}`
          : condition.plan,
      emrNotes: condition.notes,
      enrolledDaysAgo: 3 + ((n * 13) % 150),
      mrn: `MRN-${orgIndex + 1}${String(i + 1).padStart(5, '0')}`,
      dateOfBirth: `${1937 + ((n * 7) % 25)}-${String(1 + ((n * 5) % 12)).padStart(2, '0')}-${String(1 + ((n * 3) % 28)).padStart(2, '0')}`,
      preferredLanguage: i === 4 ? 'es' : 'en',
    };
  });
}

// ---------------------------------------------------------------------------------------------
// CCM (product-rules.md "Care management (CCM)"): consent, the structured care plan, care roles

/** ICD-10-CM codes of the demo's conditions (CMS's descriptions), and two common companions. */
const DEMO_CODES: Record<string, { code: string; description: string }> = {
  'Type 2 diabetes': { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
  Hypertension: { code: 'I10', description: 'Essential (primary) hypertension' },
  COPD: { code: 'J44.9', description: 'Chronic obstructive pulmonary disease, unspecified' },
  'Heart failure': { code: 'I50.22', description: 'Chronic systolic (congestive) heart failure' },
  'Chronic kidney disease': { code: 'N18.31', description: 'Chronic kidney disease, stage 3a' },
  hyperlipidemia: { code: 'E78.5', description: 'Hyperlipidemia, unspecified' },
  depression: { code: 'F32.A', description: 'Depression, unspecified' },
};

/** Each practice's doctor is its billing practitioner; the nurses are clinical staff. */
export const DEMO_BILLING_PRACTITIONERS: readonly string[] = ['dr.patel@sunrise.example', 'dr.chen@lakeside.example'];

export interface DemoCcm {
  /** null: not asked yet (the patient waits as 'Awaiting consent'). */
  consent: 'accepted' | 'declined' | null;
  conditions: { code: string; description: string }[];
  /** The measures' targets a practice sets for these conditions (DECISIONS "Observations"). */
  targets: MeasureTarget[];
  expected_outcome: string;
  goals: string[];
  symptom_management: string;
  interventions: string;
  medications: { name: string; dose: string; instructions: string }[];
}

const lineOf = (plan: string, label: string) => new RegExp(`^${label}:\\s*(.*)$`, 'im').exec(plan)?.[1]?.trim() ?? '';
const listOf = (text: string) =>
  text
    .split(';')
    .map((item) => item.trim().replace(/\.$/, ''))
    .filter(Boolean);

/** 'Metformin 1000 mg twice daily' → name, dose and instructions. */
function demoMedication(text: string) {
  const parts = /^(.+?)\s+(\d[\d/.]*\s*(?:mg|mcg|units?))\s*(.*)$/i.exec(text);
  return parts
    ? { name: parts[1]!, dose: parts[2]!, instructions: parts[3] ?? '' }
    : { name: text, dose: '', instructions: '' };
}

/**
 * The CCM side of demo patient `i` of an organization (same order as demoPatients): most accepted
 * consent, one in ten not asked and one in ten declined; two to four chronic conditions, and one
 * patient with a single condition (not eligible).
 */
export function demoCcm(orgIndex: number, i: number): DemoCcm {
  const n = orgIndex * 7 + i;
  const primary = CONDITIONS[n % CONDITIONS.length]!;
  const second = CONDITIONS[(n + 2) % CONDITIONS.length]!;
  const names =
    i === 7
      ? [primary.name]
      : [primary.name, second.name, ...(i % 3 === 0 ? ['hyperlipidemia'] : []), ...(i % 5 === 0 ? ['depression'] : [])];
  return {
    consent: i % 10 === 1 ? null : i % 10 === 4 ? 'declined' : 'accepted',
    conditions: names.map((name) => DEMO_CODES[name]!),
    targets: demoTargets(names.map((name) => DEMO_CODES[name]!.code)),
    expected_outcome: 'Stable at home with monthly check-ins; good prognosis with adherence to the plan.',
    goals: listOf(lineOf(primary.plan, 'Goals')),
    symptom_management: lineOf(primary.plan, 'Monthly check-in'),
    interventions: `Monthly check-in call; escalate to the practice: ${lineOf(primary.plan, 'Escalate')}`,
    medications: listOf(lineOf(primary.plan, 'Medications')).map(demoMedication),
  };
}

/** Common targets of the demo's conditions: blood pressure under 140/90, glucose 70–180, a dry weight. */
const DEMO_TARGETS: Partial<Record<TargetMeasure, MeasureTarget>> = {
  systolic: { measure: 'systolic', below: 140 },
  diastolic: { measure: 'diastolic', below: 90 },
  glucose: { measure: 'glucose', above: 70, below: 180 },
  weight: { measure: 'weight', below: 195 },
  gad7: { measure: 'gad7', below: 10 },
};

function demoTargets(codes: readonly string[]): MeasureTarget[] {
  return monitoredMeasures(codes).flatMap((measure) => {
    const target = DEMO_TARGETS[measure as TargetMeasure];
    return target ? [target] : [];
  });
}

/**
 * What a demo check-in measured, as the assistant's structured data would give it: each measure the
 * care plan monitors, within its target on a Normal or Elective call and over it on an Urgent one
 * (the report then names the reading), and a negative PHQ-2 (so no PHQ-9). `seq` varies the values.
 */
export function demoReadings(
  conditions: readonly { code: string }[],
  ending: EscalationLevel,
  seq: number,
): ObservedValue[] {
  const over = ending === 'Urgent' || ending === 'Emergent';
  const spread = (n: number) => (seq * 7 + n) % n;
  const values: Partial<Record<Measure, number>> = {
    systolic: over ? 152 + spread(12) : 122 + spread(14),
    diastolic: over ? 94 + spread(6) : 74 + spread(10),
    glucose: over ? 212 + spread(30) : 112 + spread(40),
    weight: 182 + spread(8) / 2 + (over ? 14 : 0),
    phq2: spread(3),
    gad7: 3 + spread(4),
  };
  return monitoredMeasures(conditions.map((c) => c.code)).flatMap((measure) => {
    const value = values[measure];
    if (value === undefined) return [];
    const source: ObservationSource = measure === 'phq2' || measure === 'gad7' ? 'reported' : 'device';
    return [{ measure, value, source }];
  });
}
