import { AUTH_MESSAGES } from '../../../../../shared/messages';
import { describe, expect, it } from 'vitest';
import { loginNotice, readLoginNavigationState, signInErrorMessage, validateLogin } from './login-form.utils';

describe('validateLogin', () => {
  it('requires the e-mail and the password', () => {
    expect(validateLogin({ email: ' ', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('accepts a filled form', () => {
    expect(validateLogin({ email: 'nurse@sunrise.example', password: 'secret' })).toEqual({});
  });
});

describe('signInErrorMessage', () => {
  const named = (name: string, message: string) => Object.assign(new Error(message), { name });

  it.each([
    ['Cognito UserNotConfirmedException', named('UserNotConfirmedException', 'User is not confirmed.')],
    ["a message containing 'Email not confirmed'", new Error('Email not confirmed')],
    ["a message containing 'not confirmed'", new Error('This account is not confirmed yet')],
  ])('asks to confirm the e-mail for %s', (_label, error) => {
    expect(signInErrorMessage(error)).toBe(
      'Please check your email and click the confirmation link before signing in.',
    );
  });

  it('says a disabled (suspended) account is suspended, and whom to ask', () => {
    expect(signInErrorMessage(named('NotAuthorizedException', 'User is disabled.'))).toBe(
      AUTH_MESSAGES.accountDisabled,
    );
  });

  it("shows the server's message for any other error", () => {
    expect(signInErrorMessage(named('NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      'Incorrect username or password.',
    );
  });

  it("falls back to 'Failed to sign in'", () => {
    expect(signInErrorMessage(new Error(''))).toBe('Failed to sign in');
    expect(signInErrorMessage(undefined)).toBe('Failed to sign in');
  });
});

describe('readLoginNavigationState', () => {
  it('reads the message and e-mail set after sign-up', () => {
    expect(readLoginNavigationState({ message: 'Account created!', email: 'a@b.co' })).toEqual({
      message: 'Account created!',
      email: 'a@b.co',
    });
  });

  it('ignores anything else', () => {
    expect(readLoginNavigationState(null)).toEqual({});
    expect(readLoginNavigationState({ message: 3 })).toEqual({ message: undefined, email: undefined });
  });
});

describe('loginNotice', () => {
  it('prefers the message handed over by sign-up', () => {
    expect(loginNotice({ message: 'Account created!' }, '?confirmed=1')).toBe('Account created!');
  });

  it('confirms the e-mail after the confirmation link', () => {
    expect(loginNotice({}, '?confirmed=1')).toBe('Your email address is confirmed. You can sign in now.');
  });

  it('shows nothing otherwise', () => {
    expect(loginNotice({}, '?redirect=/summary/x')).toBeUndefined();
  });
});
