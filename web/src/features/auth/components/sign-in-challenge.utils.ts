import { AUTH_MESSAGES, FALLBACK_ERRORS, VALIDATION } from '../../../../../shared/messages';
import { PASSWORD_POLICY_MESSAGE, isStrongPassword } from '../../../../../shared/password-policy';

/** The password the user chooses at first sign-in: the pool's rule, typed twice. */
export function validateNewPassword(password: string, confirmPassword: string): string | null {
  if (!password || !confirmPassword) return VALIDATION.allFieldsRequired;
  if (password !== confirmPassword) return VALIDATION.passwordsDoNotMatch;
  if (!isStrongPassword(password)) return PASSWORD_POLICY_MESSAGE;
  return null;
}

/** The six digits an authenticator app shows; spaces people copy with it are dropped. */
export function normalizeCode(input: string): string {
  return input.replace(/\s/g, '');
}

export function validateCode(code: string): string | null {
  return /^\d{6}$/.test(code) ? null : AUTH_MESSAGES.codeRequired;
}

/** The setup key in groups of four, easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

export interface ChallengeError {
  message: string;
  /** The sign-in session is over: only starting again helps. */
  restart: boolean;
}

/** What a failed answer to a sign-in step says, in the app's words where Cognito's are unclear. */
export function challengeErrorMessage(error: unknown): ChallengeError {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message.trim() : '';
  if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException') {
    return { message: AUTH_MESSAGES.incorrectCode, restart: false };
  }
  if (name === 'InvalidPasswordException') return { message: PASSWORD_POLICY_MESSAGE, restart: false };
  if (name === 'NotAuthorizedException' && /session/i.test(message)) {
    return { message: AUTH_MESSAGES.signInExpired, restart: true };
  }
  return { message: message || FALLBACK_ERRORS.signIn, restart: false };
}
