/**
 * Chronic conditions on the care plan (product-rules.md "Care management (CCM)"): the list staff pick
 * from, the shape of an ICD-10-CM code (any well-formed code can also be typed), and the schema of
 * one condition, shared by the care plan form and the API. Imports nothing from shared/validation.ts,
 * which imports this file.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { VALIDATION } from '../messages';
import { CONDITION_MESSAGES } from './messages';

export interface ChronicConditionOption {
  code: string;
  description: string;
}

/**
 * Common chronic conditions of CCM patients, with their ICD-10-CM codes and CMS's descriptions
 * (the long titles of the FY2026 code set, effective 1 October 2025: the abbreviated short titles
 * read badly in a picker). Every code is a billable, valid code of that set; categories split since
 * (multiple sclerosis, G35, in FY2026) are left out rather than listed by a parent code.
 * Sorted by description.
 */
export const CHRONIC_CONDITIONS: readonly ChronicConditionOption[] = [
  { code: 'M81.0', description: 'Age-related osteoporosis without current pathological fracture' },
  { code: 'G30.9', description: "Alzheimer's disease, unspecified" },
  { code: 'D63.1', description: 'Anemia in chronic kidney disease' },
  { code: 'I70.0', description: 'Atherosclerosis of aorta' },
  { code: 'I25.10', description: 'Atherosclerotic heart disease of native coronary artery without angina pectoris' },
  { code: 'M16.0', description: 'Bilateral primary osteoarthritis of hip' },
  { code: 'M17.0', description: 'Bilateral primary osteoarthritis of knee' },
  { code: 'F31.9', description: 'Bipolar disorder, unspecified' },
  { code: 'I42.9', description: 'Cardiomyopathy, unspecified' },
  { code: 'I48.20', description: 'Chronic atrial fibrillation, unspecified' },
  {
    code: 'I50.42',
    description: 'Chronic combined systolic (congestive) and diastolic (congestive) heart failure',
  },
  { code: 'I50.32', description: 'Chronic diastolic (congestive) heart failure' },
  { code: 'N18.1', description: 'Chronic kidney disease, stage 1' },
  { code: 'N18.2', description: 'Chronic kidney disease, stage 2 (mild)' },
  { code: 'N18.30', description: 'Chronic kidney disease, stage 3 unspecified' },
  { code: 'N18.31', description: 'Chronic kidney disease, stage 3a' },
  { code: 'N18.32', description: 'Chronic kidney disease, stage 3b' },
  { code: 'N18.4', description: 'Chronic kidney disease, stage 4 (severe)' },
  { code: 'N18.5', description: 'Chronic kidney disease, stage 5' },
  { code: 'N18.9', description: 'Chronic kidney disease, unspecified' },
  { code: 'J44.1', description: 'Chronic obstructive pulmonary disease with (acute) exacerbation' },
  { code: 'J44.9', description: 'Chronic obstructive pulmonary disease, unspecified' },
  { code: 'G89.4', description: 'Chronic pain syndrome' },
  { code: 'I50.22', description: 'Chronic systolic (congestive) heart failure' },
  { code: 'K50.90', description: "Crohn's disease, unspecified, without complications" },
  { code: 'F32.A', description: 'Depression, unspecified' },
  { code: 'J43.9', description: 'Emphysema, unspecified' },
  { code: 'N18.6', description: 'End stage renal disease' },
  { code: 'G40.909', description: 'Epilepsy, unspecified, not intractable, without status epilepticus' },
  { code: 'I10', description: 'Essential (primary) hypertension' },
  { code: 'K21.9', description: 'Gastro-esophageal reflux disease without esophagitis' },
  { code: 'F41.1', description: 'Generalized anxiety disorder' },
  { code: 'M10.9', description: 'Gout, unspecified' },
  { code: 'I50.9', description: 'Heart failure, unspecified' },
  { code: 'E78.5', description: 'Hyperlipidemia, unspecified' },
  {
    code: 'I12.9',
    description:
      'Hypertensive chronic kidney disease with stage 1 through stage 4 chronic kidney disease, or unspecified chronic kidney disease',
  },
  { code: 'I11.0', description: 'Hypertensive heart disease with heart failure' },
  { code: 'I11.9', description: 'Hypertensive heart disease without heart failure' },
  { code: 'E03.9', description: 'Hypothyroidism, unspecified' },
  { code: 'I48.11', description: 'Longstanding persistent atrial fibrillation' },
  { code: 'F33.1', description: 'Major depressive disorder, recurrent, moderate' },
  { code: 'F33.9', description: 'Major depressive disorder, recurrent, unspecified' },
  { code: 'E78.2', description: 'Mixed hyperlipidemia' },
  { code: 'J45.40', description: 'Moderate persistent asthma, uncomplicated' },
  { code: 'E66.01', description: 'Morbid (severe) obesity due to excess calories' },
  { code: 'I35.0', description: 'Nonrheumatic aortic (valve) stenosis' },
  { code: 'E66.9', description: 'Obesity, unspecified' },
  { code: 'G47.33', description: 'Obstructive sleep apnea (adult) (pediatric)' },
  { code: 'G89.29', description: 'Other chronic pain' },
  { code: 'G20.A1', description: "Parkinson's disease without dyskinesia, without mention of fluctuations" },
  { code: 'I73.9', description: 'Peripheral vascular disease, unspecified' },
  { code: 'E78.00', description: 'Pure hypercholesterolemia, unspecified' },
  { code: 'M06.9', description: 'Rheumatoid arthritis, unspecified' },
  { code: 'F20.9', description: 'Schizophrenia, unspecified' },
  { code: 'E10.9', description: 'Type 1 diabetes mellitus without complications' },
  { code: 'E11.22', description: 'Type 2 diabetes mellitus with diabetic chronic kidney disease' },
  { code: 'E11.40', description: 'Type 2 diabetes mellitus with diabetic neuropathy, unspecified' },
  { code: 'E11.42', description: 'Type 2 diabetes mellitus with diabetic polyneuropathy' },
  { code: 'E11.65', description: 'Type 2 diabetes mellitus with hyperglycemia' },
  { code: 'E11.69', description: 'Type 2 diabetes mellitus with other specified complication' },
  { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
  { code: 'K51.90', description: 'Ulcerative colitis, unspecified, without complications' },
  { code: 'J45.909', description: 'Unspecified asthma, uncomplicated' },
  { code: 'I48.91', description: 'Unspecified atrial fibrillation' },
  { code: 'K74.60', description: 'Unspecified cirrhosis of liver' },
  {
    code: 'F03.90',
    description:
      'Unspecified dementia, unspecified severity, without behavioral disturbance, psychotic disturbance, mood disturbance, and anxiety',
  },
  { code: 'M19.90', description: 'Unspecified osteoarthritis, unspecified site' },
  { code: 'I69.30', description: 'Unspecified sequelae of cerebral infarction' },
  {
    code: 'F01.50',
    description:
      'Vascular dementia, unspecified severity, without behavioral disturbance, psychotic disturbance, mood disturbance, and anxiety',
  },
];

/**
 * A well-formed ICD-10-CM code in its written form: a letter, a digit, a digit or letter (the
 * category, as in I10, E11, C4A), then optionally a dot and 1–4 digits or letters (subcategory,
 * extensions and the 7th character, X as placeholder: E11.9, G20.A1, S72.001A). It checks the
 * shape, not that CMS has the code.
 */
export const ICD10_CM_PATTERN = /^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/;

/** Upper case, spaces removed, the dot after the category put in when it was left out (e119 → E11.9). */
export function normaliseIcd10Cm(code: string): string {
  const compact = code.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 && !compact.includes('.') ? `${compact.slice(0, 3)}.${compact.slice(3)}` : compact;
}

/** Whether a code, once normalised, has the shape of an ICD-10-CM code. */
export function isWellFormedIcd10Cm(code: string): boolean {
  return ICD10_CM_PATTERN.test(normaliseIcd10Cm(code));
}

// Far longer than any code (8 characters with the dot): refused before anything else reads it.
const CODE_INPUT_MAX = 16;

/** One chronic condition on the care plan: the code normalised (E11.9), the description trimmed, 1–200 characters. */
export const chronicConditionSchema = lazySchema(() =>
  z.object({
    code: z.pipe(
      z
        .string({ error: CONDITION_MESSAGES.codeRequired })
        .check(
          z.maxLength(CODE_INPUT_MAX, { error: CONDITION_MESSAGES.codeInvalid, abort: true }),
          z.trim(),
          z.minLength(1, { error: CONDITION_MESSAGES.codeRequired, abort: true }),
        ),
      z.pipe(
        z.transform((code: string) => normaliseIcd10Cm(code)),
        z.string().check(z.regex(ICD10_CM_PATTERN, { error: CONDITION_MESSAGES.codeInvalid })),
      ),
    ),
    description: z.pipe(
      z.string({ error: CONDITION_MESSAGES.descriptionRequired }).check(z.trim()),
      z
        .string()
        .check(
          z.minLength(1, { error: CONDITION_MESSAGES.descriptionRequired }),
          z.maxLength(200, { error: VALIDATION.contentTooLong }),
        ),
    ),
  }),
);
