import { describe, expect, it } from 'vitest';
import type { Patient } from '../../../../../shared/domain';
import { IMPORT_MESSAGES } from '../../../../../shared/enrollment/messages';
import { EMPTY_PATIENT_FORM, patientToFormValues, toPatientPayload, validatePatientForm } from './patient-form.utils';

const valid = { ...EMPTY_PATIENT_FORM, email: ' jane@example.com ', first_name: ' Jane ', last_name: 'Doe ' };

describe('patient form', () => {
  it.each([
    [EMPTY_PATIENT_FORM, 'Email is required'],
    [{ ...valid, first_name: '  ' }, 'First name is required'],
    [{ ...valid, last_name: '' }, 'Last name is required'],
    [{ ...valid, email: 'jane@' }, 'Please enter a valid email address'],
    [{ ...valid, phone_number: '0123' }, 'Please enter a valid phone number (e.g., +1234567890)'],
    [{ ...valid, mrn: 'MRN 7' }, IMPORT_MESSAGES.mrnInvalid],
    [{ ...valid, date_of_birth: '1899-12-31' }, IMPORT_MESSAGES.dateOfBirthTooEarly],
  ])('reports the spec message for %o', (values, message) => {
    expect(validatePatientForm(values)).toBe(message);
  });

  it('accepts a phone with spaces, hyphens and parentheses', () => {
    expect(validatePatientForm({ ...valid, phone_number: '+1 (555) 210-2000' })).toBeNull();
  });

  it('trims, sends an empty phone, MRN and date of birth as null, and carries the version on edit', () => {
    expect(toPatientPayload(valid, 4)).toEqual({
      email: 'jane@example.com',
      first_name: 'Jane',
      last_name: 'Doe',
      phone_number: null,
      mrn: null,
      mbi: null,
      date_of_birth: null,
      preferred_language: 'en',
      version: 4,
    });
    expect(
      toPatientPayload({ ...valid, mrn: ' MRN-7 ', date_of_birth: '1948-03-07', preferred_language: 'es' }),
    ).toMatchObject({ mrn: 'MRN-7', date_of_birth: '1948-03-07', preferred_language: 'es' });
  });

  it("fills the form with the patient's MRN, date of birth and language, blank when none", () => {
    const patient = { email: 'a@b.co', first_name: 'A', last_name: 'B', phone_number: null } as Patient;
    expect(
      patientToFormValues({ ...patient, mrn: 'M-1', date_of_birth: '1950-01-02', preferred_language: 'es' }),
    ).toMatchObject({ mrn: 'M-1', date_of_birth: '1950-01-02', preferred_language: 'es' });
    // The MBI shows as the Medicare card prints it.
    expect(patientToFormValues({ ...patient, mbi: '1EG4TE5MK73', preferred_language: 'en' }).mbi).toBe('1EG4-TE5-MK73');
    expect(patientToFormValues({ ...patient, mrn: null, date_of_birth: null, preferred_language: 'en' })).toMatchObject(
      { mrn: '', date_of_birth: '', preferred_language: 'en' },
    );
  });
});
