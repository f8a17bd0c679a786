import { AUTH_MESSAGES, FALLBACK_ERRORS, VALIDATION } from '../../../../../shared/messages';

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginFieldErrors = Partial<Record<keyof LoginValues, string>>;

/** Both fields are required (product-rules.md "Validation"). */
export function validateLogin({ email, password }: LoginValues): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (!email.trim()) errors.email = VALIDATION.emailRequired;
  if (!password) errors.password = VALIDATION.passwordRequired;
  return errors;
}

/**
 * The text shown for a failed sign-in (product-rules.md "Errors"): an unconfirmed account gets the confirmation
 * hint; any other error its own message, else 'Failed to sign in'.
 */
export function signInErrorMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (name === 'UserNotConfirmedException' || /not confirmed/i.test(message)) {
    return AUTH_MESSAGES.emailNotConfirmed;
  }
  if (/user is disabled/i.test(message)) return AUTH_MESSAGES.accountDisabled;
  return message.trim() || FALLBACK_ERRORS.signIn;
}

/** What the sign-up screen hands to /login through navigation state. */
export interface LoginNavigationState {
  message?: string;
  email?: string;
}

export function readLoginNavigationState(state: unknown): LoginNavigationState {
  if (typeof state !== 'object' || state === null) return {};
  const { message, email } = state as Record<string, unknown>;
  return {
    message: typeof message === 'string' ? message : undefined,
    email: typeof email === 'string' ? email : undefined,
  };
}

/** Local mode's confirmation link lands on `/login?confirmed=1`. */
export const EMAIL_CONFIRMED_MESSAGE = 'Your email address is confirmed. You can sign in now.';

/** The green notice of /login: the sign-up hand-over first, else the confirmation landing. */
/** Why the sign-in page opened: the session ended on its own (web/src/lib/session-limits.ts). */
export const SESSION_ENDED = {
  idle: 'You were signed out after 15 minutes without activity. Sign in again to continue.',
  limit: 'Your session reached its 12-hour limit. Sign in again to continue.',
} as const;

export function loginNotice(state: LoginNavigationState, search: string): string | undefined {
  if (state.message) return state.message;
  const params = new URLSearchParams(search);
  const ended = params.get('ended');
  if (ended === 'idle' || ended === 'limit') return SESSION_ENDED[ended];
  return params.get('confirmed') === '1' ? EMAIL_CONFIRMED_MESSAGE : undefined;
}
