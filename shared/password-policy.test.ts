import { describe, expect, it } from 'vitest';
import { PASSWORD_POLICY, isStrongPassword, passwordPolicyViolation } from './password-policy';

describe('passwordPolicyViolation', () => {
  it("names the first rule broken in Cognito's words", () => {
    expect(passwordPolicyViolation('Abcdefgh12!')).toBe(
      'Password did not conform with policy: Password not long enough',
    );
    expect(passwordPolicyViolation('abcdefghij1!')).toBe(
      'Password did not conform with policy: Password must have uppercase characters',
    );
    expect(passwordPolicyViolation('ABCDEFGHIJ1!')).toBe(
      'Password did not conform with policy: Password must have lowercase characters',
    );
    expect(passwordPolicyViolation('Abcdefghijk!')).toBe(
      'Password did not conform with policy: Password must have numeric characters',
    );
    expect(passwordPolicyViolation('Abcdefghijk1')).toBe(
      'Password did not conform with policy: Password must have symbol characters',
    );
  });

  it('asks for 12 characters with upper- and lower-case letters, a number and a symbol', () => {
    expect(PASSWORD_POLICY).toEqual({
      minLength: 12,
      requireLowercase: true,
      requireUppercase: true,
      requireDigits: true,
      requireSymbols: true,
    });
    expect(isStrongPassword('Abcdefghij1!')).toBe(true);
  });

  it('accepts the demo password', () => {
    expect(passwordPolicyViolation('CareLoop-demo-2026')).toBeNull();
  });

  it("counts only Cognito's symbols, and a space only inside the password", () => {
    for (const symbol of '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-') {
      expect(isStrongPassword(`Abcdefghij1${symbol}`), symbol).toBe(true);
    }
    expect(isStrongPassword('Abcdef ghij1')).toBe(true);
    expect(isStrongPassword('Abcdefghij1 ')).toBe(false);
    expect(isStrongPassword(' Abcdefghij1')).toBe(false);
    expect(isStrongPassword('Abcdefghij1é')).toBe(false);
    expect(isStrongPassword('Abcdefghij1€')).toBe(false);
  });

  it('counts only ASCII digits and letters, as Cognito does', () => {
    expect(isStrongPassword('Abcdefghij١!')).toBe(false);
    expect(isStrongPassword('Ábcdefghij1!')).toBe(false);
  });
});
