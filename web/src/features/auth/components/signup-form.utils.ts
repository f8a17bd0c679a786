import { VALIDATION } from '../../../../../shared/messages';
import { PASSWORD_POLICY_MESSAGE, isStrongPassword } from '../../../../../shared/password-policy';
import { hasControlOrBidi, isEmail } from '../../../../../shared/validation';

export interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/**
 * The first failing rule, in the spec's order (product-rules.md "Validation"), or null when the form is valid. The password
 * rule is the user pool's (product-rules.md "Accounts and sign-in"), so Cognito never refuses what the form accepts.
 */
export function validateSignUp({ firstName, lastName, email, password, confirmPassword }: SignUpValues): string | null {
  if (!firstName.trim() || !lastName.trim() || !email.trim() || !password || !confirmPassword) {
    return VALIDATION.allFieldsRequired;
  }
  if (hasControlOrBidi(firstName) || hasControlOrBidi(lastName)) return VALIDATION.nameCharacters;
  if (password !== confirmPassword) return VALIDATION.passwordsDoNotMatch;
  if (!isStrongPassword(password)) return PASSWORD_POLICY_MESSAGE;
  if (!isEmail(email.trim())) return VALIDATION.invalidEmail;
  return null;
}

/** The notice /login shows after a successful sign-up. */
export const SIGN_UP_SUCCESS_MESSAGE =
  'Account created! Please check your email and click the confirmation link, then sign in.';

export const SIGN_UP_REDIRECT_DELAY_MS = 2000;
