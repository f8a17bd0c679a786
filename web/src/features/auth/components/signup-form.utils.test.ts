import { describe, expect, it } from 'vitest';
import { validateSignUp, type SignUpValues } from './signup-form.utils';

const POLICY =
  'Password must be at least 12 characters and include upper- and lower-case letters, a number and a symbol';

const valid: SignUpValues = {
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana@clinic.example',
  password: 'Dana-chosen-2026',
  confirmPassword: 'Dana-chosen-2026',
};

describe('validateSignUp', () => {
  it('accepts a complete form', () => {
    expect(validateSignUp(valid)).toBeNull();
  });

  it.each(['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const)('requires %s', (field) => {
    expect(validateSignUp({ ...valid, [field]: '' })).toBe('All fields are required');
  });

  it('treats a blank name as missing', () => {
    expect(validateSignUp({ ...valid, firstName: '   ' })).toBe('All fields are required');
  });

  it('refuses control and text-direction characters in names', () => {
    expect(validateSignUp({ ...valid, lastName: 'Reyes\u202e' })).toBe(
      'Names cannot contain control or text-direction characters',
    );
  });

  it('requires matching passwords', () => {
    expect(validateSignUp({ ...valid, confirmPassword: 'Dana-chosen-2027' })).toBe('Passwords do not match');
  });

  it.each([
    'Dana-chose1',
    'dana-chosen-2026',
    'DANA-CHOSEN-2026',
    'Dana-chosen-xx',
    'Danachosen2026',
    'Danachosen2026é',
  ])('gives the one password message for %s', (password) => {
    expect(validateSignUp({ ...valid, password, confirmPassword: password })).toBe(POLICY);
  });

  it.each(['dana', 'dana@clinic', '@clinic.example', 'dana @clinic.example'])('rejects the e-mail %s', (email) => {
    expect(validateSignUp({ ...valid, email })).toBe('Please enter a valid email address');
  });

  it('checks the rules in the order of the spec', () => {
    const bad = { firstName: 'D', lastName: 'R', email: 'bad' };
    expect(validateSignUp({ ...bad, password: 'a', confirmPassword: 'b' })).toBe('Passwords do not match');
    expect(validateSignUp({ ...bad, password: 'a', confirmPassword: 'a' })).toBe(POLICY);
  });
});
