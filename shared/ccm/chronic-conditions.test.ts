import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../messages';
import { CONDITION_MESSAGES } from './messages';
import {
  CHRONIC_CONDITIONS,
  ICD10_CM_PATTERN,
  chronicConditionSchema,
  isWellFormedIcd10Cm,
  normaliseIcd10Cm,
} from './chronic-conditions';

const firstMessage = (input: unknown) => {
  const result = chronicConditionSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('CHRONIC_CONDITIONS', () => {
  it('lists 40 to 80 conditions, each code once, sorted by description', () => {
    expect(CHRONIC_CONDITIONS.length).toBeGreaterThanOrEqual(40);
    expect(CHRONIC_CONDITIONS.length).toBeLessThanOrEqual(80);
    const codes = CHRONIC_CONDITIONS.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    const descriptions = CHRONIC_CONDITIONS.map((c) => c.description);
    expect(descriptions).toEqual([...descriptions].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('has the conditions CCM practices code most', () => {
    const codes = CHRONIC_CONDITIONS.map((c) => c.code);
    for (const code of [
      'I10',
      'E11.9',
      'E11.65',
      'N18.1',
      'N18.2',
      'N18.30',
      'N18.31',
      'N18.32',
      'N18.4',
      'N18.5',
      'N18.6',
      'I50.9',
      'I50.22',
      'J44.9',
      'J44.1',
      'J45.909',
      'I48.91',
      'E78.5',
      'I25.10',
      'F33.9',
      'F32.A',
      'F03.90',
      'M17.0',
      'E03.9',
      'E66.9',
      'M81.0',
      'G20.A1',
      'M06.9',
    ]) {
      expect(codes).toContain(code);
    }
    expect(CHRONIC_CONDITIONS.find((c) => c.code === 'I10')?.description).toBe('Essential (primary) hypertension');
  });

  it('leaves out G35, no longer a billable code since multiple sclerosis was split in FY2026', () => {
    expect(CHRONIC_CONDITIONS.map((c) => c.code)).not.toContain('G35');
  });

  it('passes its own schema unchanged: codes well formed, descriptions trimmed and within 200 characters', () => {
    for (const condition of CHRONIC_CONDITIONS) {
      expect(chronicConditionSchema.parse(condition)).toEqual(condition);
    }
  });
});

describe('ICD10_CM_PATTERN', () => {
  it.each([
    'I10',
    'E11.9',
    'E11.65',
    'G20.A1',
    'F32.A',
    'J45.909',
    'S72.001A',
    'T84.50XA',
    'C4A.0',
    'M1A.00X0',
    'U07.1',
  ])('accepts %s', (code) => {
    expect(ICD10_CM_PATTERN.test(code)).toBe(true);
  });

  it.each(['', 'E1', 'E11.', '11.9', 'EA1.9', 'E11..9', 'E11-9', 'E11.9A1B2', 'e11.9', 'E119', 'E11.9 '])(
    'refuses %j',
    (code) => {
      expect(ICD10_CM_PATTERN.test(code)).toBe(false);
    },
  );
});

describe('normaliseIcd10Cm and isWellFormedIcd10Cm', () => {
  it.each([
    ['e119', 'E11.9'],
    [' i10 ', 'I10'],
    ['g20a1', 'G20.A1'],
    ['E11.65', 'E11.65'],
    ['e11 65', 'E11.65'],
    ['s72001a', 'S72.001A'],
  ])('%j → %s', (typed, normalised) => {
    expect(normaliseIcd10Cm(typed)).toBe(normalised);
    expect(isWellFormedIcd10Cm(typed)).toBe(true);
  });

  it('does not make a malformed code well formed', () => {
    expect(isWellFormedIcd10Cm('E11.')).toBe(false);
    expect(isWellFormedIcd10Cm('E1199999')).toBe(false); // E11.99999: five characters after the dot
    expect(isWellFormedIcd10Cm('diabetes')).toBe(false);
    expect(isWellFormedIcd10Cm('')).toBe(false);
  });
});

describe('chronicConditionSchema', () => {
  it('stores the code normalised and the description trimmed', () => {
    expect(
      chronicConditionSchema.parse({ code: ' e1165 ', description: '  Type 2 diabetes mellitus with hyperglycemia ' }),
    ).toEqual({ code: 'E11.65', description: 'Type 2 diabetes mellitus with hyperglycemia' });
  });

  it('takes any well-formed code, not only the listed ones', () => {
    expect(chronicConditionSchema.parse({ code: 'I27.20', description: 'Pulmonary hypertension' }).code).toBe('I27.20');
  });

  it.each<[string, unknown]>([
    ['a missing code', { description: 'Hypertension' }],
    ['a blank code', { code: '   ', description: 'Hypertension' }],
    ['a code that is not text', { code: 110, description: 'Hypertension' }],
  ])('asks for the code on %s', (_, input) => {
    expect(firstMessage(input)).toBe(CONDITION_MESSAGES.codeRequired);
  });

  it.each(['E11-9', 'E11.', '11.9', 'hypertension', 'E11.99999', 'E'.repeat(10_000)])(
    'refuses the malformed code %j with an example of a good one',
    (code) => {
      expect(firstMessage({ code, description: 'Hypertension' })).toBe('Enter a valid ICD-10-CM code, such as E11.9');
    },
  );

  it('asks for a description, and bounds it to 200 characters', () => {
    expect(firstMessage({ code: 'I10' })).toBe(CONDITION_MESSAGES.descriptionRequired);
    expect(firstMessage({ code: 'I10', description: '   ' })).toBe('Condition description is required');
    expect(firstMessage({ code: 'I10', description: 'x'.repeat(201) })).toBe(VALIDATION.contentTooLong);
    expect(firstMessage({ code: 'I10', description: 'x'.repeat(200) })).toBeNull();
  });
});
