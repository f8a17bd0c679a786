import { describe, expect, it } from 'vitest';
import { EMPTY_PATIENT_FORM, toPatientPayload, validatePatientForm } from './patient-form.utils';

const valid = { email: ' jane@example.com ', first_name: ' Jane ', last_name: 'Doe ', phone_number: '' };

describe('patient form', () => {
  it.each([
    [EMPTY_PATIENT_FORM, 'Email is required'],
    [{ ...valid, first_name: '  ' }, 'First name is required'],
    [{ ...valid, last_name: '' }, 'Last name is required'],
    [{ ...valid, email: 'jane@' }, 'Please enter a valid email address'],
    [{ ...valid, phone_number: '0123' }, 'Please enter a valid phone number (e.g., +1234567890)'],
  ])('reports the spec message for %o', (values, message) => {
    expect(validatePatientForm(values)).toBe(message);
  });

  it('accepts a phone with spaces, hyphens and parentheses', () => {
    expect(validatePatientForm({ ...valid, phone_number: '+1 (555) 210-2000' })).toBeNull();
  });

  it('trims, sends an empty phone as null, and carries the version on edit', () => {
    expect(toPatientPayload(valid, 4)).toEqual({
      email: 'jane@example.com',
      first_name: 'Jane',
      last_name: 'Doe',
      phone_number: null,
      version: 4,
    });
  });
});
