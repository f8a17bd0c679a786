import { describe, expect, it } from 'vitest';
import { validateSignUp, type SignUpValues } from './signup-form.utils';

const valid: SignUpValues = {
  fullName: 'Dana Reyes',
  email: 'dana@clinic.example',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('validateSignUp', () => {
  it('accepts a complete form', () => {
    expect(validateSignUp(valid)).toBeNull();
  });

  it.each(['fullName', 'email', 'password', 'confirmPassword'] as const)('requires %s', (field) => {
    expect(validateSignUp({ ...valid, [field]: '' })).toBe('All fields are required');
  });

  it('treats a blank name as missing', () => {
    expect(validateSignUp({ ...valid, fullName: '   ' })).toBe('All fields are required');
  });

  it('requires matching passwords', () => {
    expect(validateSignUp({ ...valid, confirmPassword: 'secret2' })).toBe('Passwords do not match');
  });

  it('requires at least 6 characters', () => {
    expect(validateSignUp({ ...valid, password: 'abc12', confirmPassword: 'abc12' })).toBe(
      'Password must be at least 6 characters long',
    );
    expect(validateSignUp({ ...valid, password: 'abc123', confirmPassword: 'abc123' })).toBeNull();
  });

  it.each(['dana', 'dana@clinic', '@clinic.example', 'dana @clinic.example'])('rejects the e-mail %s', (email) => {
    expect(validateSignUp({ ...valid, email })).toBe('Please enter a valid email address');
  });

  it('checks the rules in the order of the spec', () => {
    expect(validateSignUp({ fullName: 'D', email: 'bad', password: 'a', confirmPassword: 'b' })).toBe(
      'Passwords do not match',
    );
    expect(validateSignUp({ fullName: 'D', email: 'bad', password: 'a', confirmPassword: 'a' })).toBe(
      'Password must be at least 6 characters long',
    );
  });
});
