import { CALL_LINK_MESSAGES, type CallLinkResponse } from '../../../../shared/texts';
import { ApiError } from '../../lib/api-client';

/** What the patient's call link page shows (product-rules.md "Screens", "Links and expiry"). */
export type CallLinkView =
  | { state: 'validating' }
  | { state: 'calling'; onItsWay: boolean }
  /** Outside 8:00-21:00 in the practice's time zone: no call placed; `opensAt` says when calls can be. */
  | { state: 'outside-hours'; opensAt: string }
  | { state: 'invalid'; message: string }
  | { state: 'call-failed'; message: string };

export interface CallLinkResult {
  token: string;
  isPending: boolean;
  data: CallLinkResponse | undefined;
  error: Error | null;
}

/**
 * - no token: 'Invalid magic link - no token provided';
 * - a thrown failure (network, no answer): 'Failed to validate link';
 * - the call could not be placed (`link.call_failed`, or `link.daily_limit` over the practice's daily
 *   limit): the server's words, and the patient may try again;
 * - any other refusal: the server's error, else 'Invalid or expired link';
 * - an answer that is not `isValid: true`: the default 'This link has expired…' text.
 */
export function callLinkView({ token, isPending, data, error }: CallLinkResult): CallLinkView {
  if (!token) return { state: 'invalid', message: CALL_LINK_MESSAGES.noToken };
  if (error) {
    if (!(error instanceof ApiError) || error.status === 0) {
      return { state: 'invalid', message: CALL_LINK_MESSAGES.validateFailed };
    }
    // The link is good but no call went out (the vendor failed, or the practice's calls for today are used up).
    if (error.code === 'link.call_failed' || error.code === 'link.daily_limit') {
      return { state: 'call-failed', message: error.message };
    }
    return { state: 'invalid', message: error.message || CALL_LINK_MESSAGES.invalidFallback };
  }
  if (isPending) return { state: 'validating' };
  if (data?.isValid !== true) {
    const serverError = (data as { error?: unknown } | undefined)?.error;
    return {
      state: 'invalid',
      message: typeof serverError === 'string' && serverError ? serverError : CALL_LINK_MESSAGES.invalidDefault,
    };
  }
  if (data.call === 'outside_hours') {
    return { state: 'outside-hours', opensAt: callsOpenText(data.next_call_at, data.time_zone) };
  }
  return { state: 'calling', onItsWay: data.call === 'on_its_way' };
}

/**
 * When calls can be placed again, in the practice's time zone (the patient's, as far as CareLoop
 * knows): "8:00 AM on Friday, November 27 (EST)"; without a time, the calling hours alone are shown.
 */
export function callsOpenText(nextCallAt: string | undefined, timeZone: string | undefined): string {
  const at = nextCallAt ? new Date(nextCallAt) : null;
  if (!at || Number.isNaN(at.getTime())) return '';
  const zone = { timeZone: timeZone || undefined };
  try {
    const time = new Intl.DateTimeFormat('en-US', { ...zone, hour: 'numeric', minute: '2-digit' }).format(at);
    const day = new Intl.DateTimeFormat('en-US', { ...zone, weekday: 'long', month: 'long', day: 'numeric' }).format(
      at,
    );
    const name = new Intl.DateTimeFormat('en-US', { ...zone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    return `${time} on ${day}${name ? ` (${name})` : ''}`;
  } catch {
    // A time zone this browser does not know: the hours alone still say when to come back.
    return '';
  }
}
