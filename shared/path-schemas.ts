/**
 * Path parameters (STYLE: parsed with zod in the handler), one schema per kind of parameter. An id
 * that cannot exist names a record that does not exist (issue 28): a malformed path id's issue is
 * the not-found code of the record it names, and the trigger layer answers that record's 404, the
 * same answer as for an unknown id or another organization's record.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { recordIdSchema } from './validation';

/** The not-found code (lambdas/kernel/error-catalogue.ts) of each record a path id names. */
export const PATH_NOT_FOUND = {
  patient: 'patient.not_found',
  provider: 'provider.not_found',
  user: 'user.not_found',
  call: 'call.not_found',
  summary: 'summary.not_found',
  text: 'text.not_found',
} as const;

/** A record id in a path: malformed, it answers the not-found of the record it names. */
export const pathIdSchema = (record: keyof typeof PATH_NOT_FOUND) => recordIdSchema(PATH_NOT_FOUND[record]);

/** Patient texts: `20261123T101500123Z-1a2b3c4d` (time-ordered, lambdas/texts/texts.ts). */
const TEXT_MESSAGE_ID = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;
/** Link tokens: base64url of 32 random bytes (lambdas/kernel/links.ts). */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const patientPathSchema = lazySchema(() => z.object({ patientId: pathIdSchema('patient') }));
export const providerPathSchema = lazySchema(() => z.object({ providerId: pathIdSchema('provider') }));
export const userPathSchema = lazySchema(() => z.object({ userId: pathIdSchema('user') }));
export const callPathSchema = lazySchema(() => z.object({ callId: pathIdSchema('call') }));
/** A call's summary, named by its call's id. */
export const summaryPathSchema = lazySchema(() => z.object({ callId: pathIdSchema('summary') }));
export const patientCallPathSchema = lazySchema(() => z.extend(patientPathSchema, { callId: pathIdSchema('call') }));
export const patientTextPathSchema = lazySchema(() =>
  z.extend(patientPathSchema, {
    messageId: z
      .string({ error: PATH_NOT_FOUND.text })
      .check(
        z.maxLength(28, { error: PATH_NOT_FOUND.text, abort: true }),
        z.regex(TEXT_MESSAGE_ID, { error: PATH_NOT_FOUND.text }),
      ),
  }),
);
/**
 * A link token is a credential, not an id: a malformed one reads as the empty token, which opens
 * nothing, so it gets the same 404 as an unknown or expired one (product-rules.md "Links and expiry").
 */
export const linkPathSchema = lazySchema(() =>
  z.object({
    token: z.catch(z.string().check(z.maxLength(43, { abort: true }), z.regex(LINK_TOKEN)), ''),
  }),
);
