import { describe, expect, it } from 'vitest';
import { passwordPolicyViolation } from './password-policy';

describe('passwordPolicyViolation', () => {
  it("names the first rule broken in Cognito's words", () => {
    expect(passwordPolicyViolation('Ab1!')).toBe('Password did not conform with policy: Password not long enough');
    expect(passwordPolicyViolation('abcdefg1!')).toBe(
      'Password did not conform with policy: Password must have uppercase characters',
    );
    expect(passwordPolicyViolation('ABCDEFG1!')).toBe(
      'Password did not conform with policy: Password must have lowercase characters',
    );
    expect(passwordPolicyViolation('Abcdefgh!')).toBe(
      'Password did not conform with policy: Password must have numeric characters',
    );
    expect(passwordPolicyViolation('Abcdefgh1')).toBe(
      'Password did not conform with policy: Password must have symbol characters',
    );
  });

  it('accepts the demo password', () => {
    expect(passwordPolicyViolation('CareLoop-demo-2026')).toBeNull();
  });
});
