import { describe, expect, it } from 'vitest';
import { VALIDATION } from './messages';
import { IMPORT_MESSAGES } from './enrollment/messages';
import { IDENTIFIER_MESSAGES } from './ccm/identifiers';
import { normalizeUsPhoneInput } from './phone';
import {
  ID_MESSAGES,
  createPatientSchema,
  createUserSchema,
  documentSchema,
  firstError,
  patientFormSchema,
  providerFormSchema,
  updateUserSchema,
} from './validation';
import {
  callPathSchema,
  linkPathSchema,
  patientPathSchema,
  patientTextPathSchema,
  providerPathSchema,
  summaryPathSchema,
  userPathSchema,
} from './path-schemas';

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
    expect(patientFormSchema.parse({ ...ok, phone_number: '(813) 555-0142' }).phone_number).toBe('+18135550142');
    expect(firstError(patientFormSchema, { ...ok, phone_number: '(113) 555-0142' })).toBe(VALIDATION.invalidPhone);
    expect(patientFormSchema.parse({ ...ok, phone_number: '' }).phone_number).toBeNull();
  });

  it('reads the MRN, date of birth and language: absent stays absent, blank or null is none', () => {
    const ok = { email: 'p@x.org', first_name: 'Ann', last_name: 'Lee' };
    const absent = patientFormSchema.parse(ok);
    expect(absent).not.toHaveProperty('mrn');
    expect(absent).not.toHaveProperty('date_of_birth');
    expect(absent).not.toHaveProperty('preferred_language');
    expect(patientFormSchema.parse({ ...ok, mrn: '  ', date_of_birth: null })).toMatchObject({
      mrn: null,
      date_of_birth: null,
    });
    expect(
      patientFormSchema.parse({ ...ok, mrn: ' MRN-00417 ', date_of_birth: '3/7/1948', preferred_language: 'es' }),
    ).toMatchObject({ mrn: 'MRN-00417', date_of_birth: '1948-03-07', preferred_language: 'es' });
    expect(firstError(patientFormSchema, { ...ok, mrn: 'MRN 1' })).toBe(IMPORT_MESSAGES.mrnInvalid);
    expect(firstError(patientFormSchema, { ...ok, mrn: 42 })).toBe(IMPORT_MESSAGES.mrnInvalid);
    expect(firstError(patientFormSchema, { ...ok, date_of_birth: '1948-02-30' })).toBe(
      IMPORT_MESSAGES.dateOfBirthInvalid,
    );
    expect(firstError(patientFormSchema, { ...ok, date_of_birth: '1899-12-31' })).toBe(
      IMPORT_MESSAGES.dateOfBirthTooEarly,
    );
    expect(firstError(patientFormSchema, { ...ok, preferred_language: 'fr' })).toBe(IMPORT_MESSAGES.languageInvalid);
  });

  it('checks the MBI by its format and keeps it upper case without dashes; blank clears it', () => {
    const ok = { email: 'p@x.org', first_name: 'Ann', last_name: 'Lee' };
    expect(patientFormSchema.parse({ ...ok, mbi: '1eg4-te5-mk73' }).mbi).toBe('1EG4TE5MK73');
    expect(patientFormSchema.parse({ ...ok, mbi: '' }).mbi).toBeNull();
    expect(patientFormSchema.parse(ok)).not.toHaveProperty('mbi');
    expect(firstError(patientFormSchema, { ...ok, mbi: '1SG4-TE5-MK73' })).toBe(IDENTIFIER_MESSAGES.mbiInvalid);
    expect(firstError(patientFormSchema, { ...ok, mbi: '1EG4-TE5-MK7' })).toBe(IDENTIFIER_MESSAGES.mbiInvalid);
  });

  it('requires an organization on create and a valid outreach preference', () => {
    const ok = { email: 'p@x.org', first_name: 'Ann', last_name: 'Lee' };
    expect(firstError(createPatientSchema, ok)).toBe(VALIDATION.providerRequired);
    expect(
      firstError(createPatientSchema, {
        ...ok,
        provider_id: '0b6d7c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
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
  };
  it('gives the spec message for each rule', () => {
    // The spec's passwordRequiredForNewUsers rule no longer applies: Cognito's invitation gives the
    // temporary password, and a create that still carries one is refused.
    expect(firstError(createUserSchema, ok)).toBeNull();
    expect(firstError(createUserSchema, { ...ok, password: 'Secret-pass-1' })).toBe(VALIDATION.passwordSetByInvitation);
    expect(firstError(createUserSchema, { ...ok, password: '' })).toBe(VALIDATION.passwordSetByInvitation);
    expect(firstError(createUserSchema, { ...ok, phone_number: '+11234567890' })).toBe(VALIDATION.invalidUsPhone);
    expect(firstError(createUserSchema, { ...ok, provider_id: null })).toBe(VALIDATION.providerRequired);
    expect(firstError(createUserSchema, { ...ok, role: 'patient', provider_id: '' })).toBe(VALIDATION.providerRequired);
    expect(firstError(createUserSchema, { ...ok, role: 'careloop_employee', provider_id: null })).toBeNull();
    expect(firstError(updateUserSchema, { ...ok, password: undefined })).toBeNull();
  });

  it("checks a provider user's NPI by its check digit and keeps it without spaces", () => {
    expect(firstError(updateUserSchema, { ...ok, npi: '1234567890' })).toBe(IDENTIFIER_MESSAGES.npiInvalid);
    expect(firstError(updateUserSchema, { ...ok, npi: 1234567893 })).toBe(IDENTIFIER_MESSAGES.npiInvalid);
    expect(updateUserSchema.parse({ ...ok, npi: ' 12345 67893 ' }).npi).toBe('1234567893');
    expect(updateUserSchema.parse({ ...ok, npi: '  ' }).npi).toBeNull();
    expect(updateUserSchema.parse(ok)).not.toHaveProperty('npi');
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

describe('ids and path parameters', () => {
  const id = '0b6d7c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';

  it('reads record ids in their stored form: lower-case UUIDs', () => {
    expect(patientPathSchema.parse({ patientId: id.toUpperCase() })).toEqual({ patientId: id });
    expect(providerPathSchema.parse({ providerId: id })).toEqual({ providerId: id });
    expect(userPathSchema.parse({ userId: id })).toEqual({ userId: id });
    expect(callPathSchema.parse({ callId: id })).toEqual({ callId: id });
  });

  it('refuses malformed path ids with the not-found code of the record they name, whatever their length or characters', () => {
    const malformed = ['', 'x', 'org-1', `${id} `, `${id}0`, id.replace(/-/g, ''), '../../etc', '\u202e' + id.slice(1)];
    for (const value of [...malformed, 'a'.repeat(100_000)]) {
      expect(firstError(patientPathSchema, { patientId: value }), value.slice(0, 40)).toBe('patient.not_found');
      expect(firstError(providerPathSchema, { providerId: value })).toBe('provider.not_found');
      expect(firstError(userPathSchema, { userId: value })).toBe('user.not_found');
      expect(firstError(callPathSchema, { callId: value })).toBe('call.not_found');
      expect(firstError(summaryPathSchema, { callId: value })).toBe('summary.not_found');
    }
    expect(firstError(patientPathSchema, {})).toBe('patient.not_found');
  });

  it('reads text message ids exactly as they are made', () => {
    const messageId = '20261123T101500123Z-1a2b3c4d';
    expect(patientTextPathSchema.parse({ patientId: id, messageId })).toEqual({ patientId: id, messageId });
    for (const bad of ['20261123T101500123Z-1A2B3C4D', `${messageId}0`, '20261123T1015Z-1a2b3c4d', id]) {
      expect(firstError(patientTextPathSchema, { patientId: id, messageId: bad })).toBe('text.not_found');
    }
  });

  it('reads a malformed link token as the empty token, which opens nothing', () => {
    const token = 'A'.repeat(42) + '_';
    expect(linkPathSchema.parse({ token })).toEqual({ token });
    for (const bad of ['short', `${token}A`, `${token.slice(0, 42)}.`, 'A'.repeat(10_000)]) {
      expect(linkPathSchema.parse({ token: bad })).toEqual({ token: '' });
    }
  });

  it('requires an organization id on a new patient, read lower-case', () => {
    const patient = { email: 'p@x.org', first_name: 'Ann', last_name: 'Lee' };
    expect(createPatientSchema.parse({ ...patient, provider_id: id.toUpperCase() }).provider_id).toBe(id);
    expect(firstError(createPatientSchema, { ...patient, provider_id: 'x'.repeat(5_000) })).toBe(
      ID_MESSAGES.providerId,
    );
    expect(firstError(createPatientSchema, { ...patient, provider_id: 42 })).toBe(VALIDATION.providerRequired);
  });

  it("bounds a user's organization choice in length and alphabet", () => {
    const user = { email: 'u@x.org', first_name: 'U', last_name: 'V', role: 'provider' };
    expect(updateUserSchema.parse({ ...user, provider_id: id.toUpperCase() }).provider_id).toBe(id);
    expect(firstError(updateUserSchema, { ...user, provider_id: 'a/b' })).toBe(ID_MESSAGES.providerId);
    expect(firstError(updateUserSchema, { ...user, provider_id: 'o'.repeat(65) })).toBe(ID_MESSAGES.providerId);
  });
});

describe('lists in bodies', () => {
  const user = { email: 'u@x.org', first_name: 'U', last_name: 'V', role: 'provider', provider_id: 'o1' };

  it('keeps each notification channel once, in the order given', () => {
    const preferences = { new_summaries: ['sms', 'email', 'sms'], escalations: ['call', 'call'] };
    expect(updateUserSchema.parse({ ...user, notification_preferences: preferences }).notification_preferences).toEqual(
      { new_summaries: ['sms', 'email'], escalations: ['call'] },
    );
  });

  it('refuses more channels than there are, and unknown channels', () => {
    const many = { new_summaries: Array.from({ length: 5_000 }, () => 'email'), escalations: [] };
    expect(firstError(updateUserSchema, { ...user, notification_preferences: many })).toBe(
      'Each notification channel can be chosen once',
    );
    const unknown = { new_summaries: ['pager'], escalations: [] };
    expect(firstError(updateUserSchema, { ...user, notification_preferences: unknown })).toBe(
      'Please choose a valid notification channel',
    );
  });
});
