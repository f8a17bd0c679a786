import type { Context } from 'aws-lambda';
import { registerSignUp, type SignUp } from '../../users/users';
import { tableDeps } from '../../composition-root';
import { MalformedEvent, defineJob, idField } from '../../platform/job-handler';
import { logger } from '../../kernel/observability';
import { jobOf } from '../../kernel/spec';
import { USERS } from '../../users/spec';

/** Cognito's post-confirmation event, as much of it as the trigger reads. */
interface PostConfirmationEvent {
  triggerSource?: unknown;
  request?: { userAttributes?: Record<string, unknown> };
}

/** Longest name kept from a sign-up's attributes (the forms allow far less). */
const NAME_LIMIT = 100;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().slice(0, NAME_LIMIT) : '');

/**
 * The sign-up's ids and names, or null when the trigger fired for something else (a confirmed
 * password reset). The name is read from `given_name`/`family_name`, else from `name`.
 */
export function parseSignUp(raw: unknown): SignUp | null {
  if (typeof raw !== 'object' || raw === null) throw new MalformedEvent('event.not_object');
  const event = raw as PostConfirmationEvent;
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return null;
  const attributes = event.request?.userAttributes;
  if (typeof attributes !== 'object' || attributes === null) throw new MalformedEvent('event.userAttributes');
  const email = text(attributes.email).toLowerCase();
  if (!email.includes('@')) throw new MalformedEvent('event.email');
  let firstName = text(attributes.given_name);
  let lastName = text(attributes.family_name);
  if (!firstName && !lastName) {
    const [first = '', ...rest] = text(attributes.name).split(/\s+/);
    firstName = first;
    lastName = rest.join(' ');
  }
  return { userId: idField(attributes, 'sub'), email, firstName, lastName };
}

const job = defineJob(
  jobOf(USERS, 'post-confirmation'),
  parseSignUp,
  async (deps, signUp) => {
    if (!signUp) return;
    const outcome = await registerSignUp(deps, signUp);
    logger.info('sign-up registered', { userId: signUp.userId, outcome });
  },
  () => tableDeps(),
);

/**
 * Cognito post-confirmation trigger (job manifest, kind `identity`): a confirmed self sign-up gets a
 * pending profile. Cognito requires the event back unchanged; a failure is thrown so the
 * confirmation reports it (the account stays confirmed, and a retried trigger is harmless).
 */
export async function handler(event: unknown, context: Context): Promise<unknown> {
  await job(event, context);
  return event;
}
