import { VALIDATION } from '../../../../../shared/messages';

export interface SignUpValues {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export const PASSWORD_MIN_LENGTH = 6;
/** "Looks like x@y.z" (spec §5). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first failing rule of spec §5, in the spec's order, or null when the form is valid. */
export function validateSignUp({ fullName, email, password, confirmPassword }: SignUpValues): string | null {
  if (!fullName.trim() || !email.trim() || !password || !confirmPassword) return VALIDATION.allFieldsRequired;
  if (password !== confirmPassword) return VALIDATION.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return VALIDATION.passwordTooShort;
  if (!EMAIL_PATTERN.test(email.trim())) return VALIDATION.invalidEmail;
  return null;
}

/** The notice /login shows after a successful sign-up. */
export const SIGN_UP_SUCCESS_MESSAGE =
  'Account created! Please check your email and click the confirmation link, then sign in.';

export const SIGN_UP_REDIRECT_DELAY_MS = 2000;
