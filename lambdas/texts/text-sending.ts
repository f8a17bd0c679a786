/**
 * The step every patient text shares after its reservation (a check-in text, an invitation, a
 * reminder): hand it to Twilio, then settle it. Accepted, the text is `queued` with Twilio's SID;
 * refused, the refusal's plan is committed and the caller decides what the refusal means.
 */
import { fail } from '../kernel/error-catalogue';
import { MessageSendError } from '../kernel/vendor-errors';
import type { Clock } from '../kernel/ports';
import type { WriteCommitter, WritePlan } from '../kernel/write-plan';
import type { SmsSender, TextKey } from './ports';
import { acceptedPlan, refusedPlan } from './text-plans';

export interface TextSendingDeps {
  sms: SmsSender;
  clock: Clock;
  committer: WriteCommitter;
  /** Where Twilio posts delivery statuses (`twilioStatus`). */
  statusCallbackUrl: string;
}

/** A text reserved as `sending` (the month's allowance and the day's slot taken), and where it goes. */
export interface ReservedText {
  key: TextKey;
  month: string;
  /** E.164. */
  to: string;
  /** The organization's own sender. */
  sender: string;
  /** The words, or how to make them (a call link is made inside the send: failing, it refuses the text). */
  body: string | (() => Promise<string>);
}

/**
 * Why the text did not go. `reason` is the vendor's (MessageSendError), null for a fault of our own
 * (`code` 'internal'); `error` is what was thrown.
 */
export interface TextRefusal {
  code: string;
  reason: MessageSendError['reason'] | null;
  error: unknown;
  at: string;
}

/**
 * The usual refusal: the text failed and the month's allowance given back; a number Twilio knows
 * replied STOP to this sender is opted out on our side too, in the same transaction.
 */
export function refusalPlan(text: ReservedText, refusal: TextRefusal): WritePlan {
  const optOut = refusal.reason === 'unsubscribed' ? { phoneNumber: text.to, optedOut: true } : null;
  return refusedPlan(text.key, text.month, refusal.code, refusal.at, optOut);
}

/**
 * Sends a reserved text. Accepted: `{ messageSid }`. Refused: `plan` (the usual refusal unless the
 * caller has its own, as a reminder retries when Twilio is unreachable) is committed and the refusal
 * returned; a text no longer `sending` cannot be settled twice and throws.
 */
export async function sendReserved(
  deps: TextSendingDeps,
  text: ReservedText,
  plan: (refusal: TextRefusal) => WritePlan = (refusal) => refusalPlan(text, refusal),
): Promise<{ messageSid: string; refusal?: never } | { refusal: TextRefusal; messageSid?: never }> {
  let messageSid: string;
  try {
    ({ messageSid } = await deps.sms.send({
      to: text.to,
      body: typeof text.body === 'string' ? text.body : await text.body(),
      idempotencyKey: text.key.id,
      statusCallback: deps.statusCallbackUrl,
      sender: text.sender,
    }));
  } catch (error) {
    const vendor = error instanceof MessageSendError ? error : null;
    const refusal = { code: vendor?.code ?? 'internal', reason: vendor?.reason ?? null, error, at: now(deps) };
    if ((await deps.committer.commit(plan(refusal))) !== 'committed') throw new Error('text was not sending');
    return { refusal };
  }
  await deps.committer.commit(acceptedPlan(text.key, messageSid, 'queued', now(deps)));
  return { messageSid };
}

const now = (deps: Pick<TextSendingDeps, 'clock'>) => deps.clock.now().toISOString();

/** A refused text in staff's words: the number opted out, or Twilio's refusal; a fault of ours is thrown as it is. */
export function refusalError(refusal: TextRefusal): unknown {
  if (refusal.reason === 'unsubscribed') return fail('textOptedOut');
  if (refusal.reason === 'unavailable') return fail('textUnavailable');
  if (refusal.reason === 'rejected') return fail('textRejected');
  return refusal.error;
}
