import { describe, expect, it } from 'vitest';
import { VALIDATION } from './messages';
import { normalizeUsPhoneInput } from './phone';
import {
  createPatientSchema,
  createUserSchema,
  documentSchema,
  firstError,
  patientFormSchema,
  providerFormSchema,
  updateUserSchema,
} from './validation';

describe('provider form', () => {
  it('requires a name after trimming and checks the office e-mail only when given', () => {
    expect(firstError(providerFormSchema, { name: '   ' })).toBe(VALIDATION.organizationNameRequired);
    expect(firstError(providerFormSchema, {})).toBe(VALIDATION.organizationNameRequired);
    expect(firstError(providerFormSchema, { name: 'A', office_email: 'nope' })).toBe(VALIDATION.invalidOfficeEmail);
    expect(providerFormSchema.parse({ name: ' Sunrise ', address: '  ', office_email: ' a@b.co ' })).toEqual({
      name: 'Sunrise',
      address: null,
      telephone: null,
      office_email: 'a@b.co',
    });
  });
});

describe('patient form', () => {
  it('gives the spec message for each rule', () => {
    const ok = { email: 'p@x.org', first_name: 'Ann', last_name: 'Lee' };
    expect(firstError(patientFormSchema, { ...ok, email: ' ' })).toBe(VALIDATION.emailRequired);
    expect(firstError(patientFormSchema, { ...ok, first_name: '' })).toBe(VALIDATION.firstNameRequired);
    expect(firstError(patientFormSchema, { ...ok, last_name: undefined })).toBe(VALIDATION.lastNameRequired);
    expect(firstError(patientFormSchema, { ...ok, email: 'x@y' })).toBe(VALIDATION.invalidEmail);
    expect(firstError(patientFormSchema, { ...ok, phone_number: '012345' })).toBe(VALIDATION.invalidPhone);
    expect(patientFormSchema.parse({ ...ok, phone_number: '+1 (813) 555-0142' }).phone_number).toBe('+18135550142');
    expect(patientFormSchema.parse({ ...ok, phone_number: '' }).phone_number).toBeNull();
  });

  it('requires an organization on create and a valid outreach preference', () => {
    const ok = { email: 'p@x.org', first_name: 'Ann', last_name: 'Lee' };
    expect(firstError(createPatientSchema, ok)).toBe(VALIDATION.providerRequired);
    expect(
      firstError(createPatientSchema, {
        ...ok,
        provider_id: 'o1',
        outreach: { first_outreach_date: '2026-12-01', time_preference: 'noon' },
      }),
    ).toBe(VALIDATION.timePreferenceInvalid);
  });
});

describe('user form', () => {
  const ok = {
    email: 'u@x.org',
    first_name: 'U',
    last_name: 'V',
    role: 'provider',
    provider_id: 'o1',
    password: 'secret1',
  };
  it('gives the spec message for each rule', () => {
    expect(firstError(createUserSchema, { ...ok, password: '' })).toBe(VALIDATION.passwordRequiredForNewUsers);
    expect(firstError(createUserSchema, { ...ok, password: '12345' })).toBe(VALIDATION.passwordTooShort);
    expect(firstError(createUserSchema, { ...ok, phone_number: '+11234567890' })).toBe(VALIDATION.invalidUsPhone);
    expect(firstError(createUserSchema, { ...ok, provider_id: null })).toBe(VALIDATION.providerRequired);
    expect(firstError(createUserSchema, { ...ok, role: 'patient', provider_id: '' })).toBe(VALIDATION.providerRequired);
    expect(firstError(createUserSchema, { ...ok, role: 'careloop_employee', provider_id: null })).toBeNull();
    expect(firstError(updateUserSchema, { ...ok, password: undefined })).toBeNull();
  });
});

describe('phone auto-normalisation', () => {
  it('strips non-digits, prefixes +1 and caps at 11 digits', () => {
    expect(normalizeUsPhoneInput('(813) 555-0142')).toBe('+18135550142');
    expect(normalizeUsPhoneInput('1813555014299')).toBe('+18135550142');
    expect(normalizeUsPhoneInput('abc')).toBe('');
  });
});

describe('documents', () => {
  it('trims content', () => {
    expect(documentSchema.parse({ content: '  plan \n' })).toEqual({ content: 'plan' });
  });
});

describe('names', () => {
  it('refuse control and text-direction characters, and keep letters of every script', () => {
    const patient = { email: 'p@x.org', first_name: 'Ann', last_name: 'Lee' };
    for (const bad of ['An\u0000n', 'Ann\u202Eeel', 'A\u2066nn', 'An\u0007n', 'Ann\u200Fx', 'Jo\u0085e']) {
      expect(firstError(patientFormSchema, { ...patient, first_name: bad }), JSON.stringify(bad)).toBe(
        VALIDATION.nameCharacters,
      );
    }
    expect(firstError(providerFormSchema, { name: 'Sunrise\u202E Clinic' })).toBe(VALIDATION.nameCharacters);
    for (const good of ['José', 'Zoë', "O'Brien-Smith", 'محمد', '李', 'क्‍ष']) {
      expect(patientFormSchema.parse({ ...patient, last_name: good }).last_name).toBe(good);
    }
  });
});
