import { CALL_LINK_MESSAGES, type CallLinkResponse } from '../../../../shared/texts';
import { ApiError } from '../../lib/api-client';

/** What the patient's call link page shows (product-rules.md "Screens", "Links and expiry"). */
export type CallLinkView =
  | { state: 'validating' }
  | { state: 'calling'; onItsWay: boolean }
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
  return { state: 'calling', onItsWay: data.call === 'on_its_way' };
}
