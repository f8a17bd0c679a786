import { describe, expect, it } from 'vitest';
import {
  challengeErrorMessage,
  groupSecret,
  normalizeCode,
  validateCode,
  validateNewPassword,
} from './sign-in-challenge.utils';

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('validateNewPassword', () => {
  it('asks for both fields, the same twice, and the pool rule', () => {
    expect(validateNewPassword('', '')).toBe('All fields are required');
    expect(validateNewPassword('Chosen-pass-2026', 'Chosen-pass-2027')).toBe('Passwords do not match');
    expect(validateNewPassword('short-1A', 'short-1A')).toBe(
      'Password must be at least 12 characters and include upper- and lower-case letters, a number and a symbol',
    );
    expect(validateNewPassword('Chosen-pass-2026', 'Chosen-pass-2026')).toBeNull();
  });
});

describe('authenticator codes', () => {
  it('takes six digits, spaces dropped', () => {
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(validateCode('123456')).toBeNull();
    expect(validateCode('12345')).toBe('Enter the 6-digit code from your authenticator app');
    expect(validateCode('12345a')).toBe('Enter the 6-digit code from your authenticator app');
  });

  it('shows the setup key in groups of four', () => {
    expect(groupSecret('ABCDEFGHIJKLMNOPQR')).toBe('ABCD EFGH IJKL MNOP QR');
  });
});

describe('challengeErrorMessage', () => {
  it('says a wrong code plainly, at setup and at sign-in', () => {
    for (const name of ['CodeMismatchException', 'EnableSoftwareTokenMFAException']) {
      expect(challengeErrorMessage(named(name, 'Invalid code received for user'))).toEqual({
        message: 'That code is not correct. Check your authenticator app and enter the code it shows now.',
        restart: false,
      });
    }
  });

  it('asks to start again when the sign-in session expired', () => {
    expect(
      challengeErrorMessage(named('NotAuthorizedException', 'Invalid session for the user, session is expired.')),
    ).toEqual({ message: 'Your sign-in took too long and has expired. Please sign in again.', restart: true });
  });

  it("gives the policy for a refused password, and Cognito's words or 'Failed to sign in' otherwise", () => {
    expect(challengeErrorMessage(named('InvalidPasswordException', 'Password did not conform')).message).toMatch(
      /^Password must be at least 12 characters/,
    );
    expect(challengeErrorMessage(named('LimitExceededException', 'Attempt limit exceeded')).message).toBe(
      'Attempt limit exceeded',
    );
    expect(challengeErrorMessage(undefined).message).toBe('Failed to sign in');
  });
});
