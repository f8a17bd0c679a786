import { CALL_LINK_PAGE_TEXTS, type CallLinkPageTexts } from '../../../../shared/call-link';
import type { PreferredLanguage } from '../../../../shared/enrollment/patient-fields';
import type { CallLinkResponse } from '../../../../shared/texts';
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
  /** The page's language until the answer says the patient's (the link's `lang`). */
  language?: PreferredLanguage;
}

/** The page's language: the answer's (the patient's preferred one), else the link's. */
export function callLinkLanguage({ data, language }: Pick<CallLinkResult, 'data' | 'language'>): PreferredLanguage {
  return data?.language ?? language ?? 'en';
}

/** A refusal in the page's words: English keeps the server's; other languages say their own by code. */
function refusalIn(texts: CallLinkPageTexts, language: PreferredLanguage, error: ApiError, fallback: string): string {
  if (language === 'en') return error.message || fallback;
  if (error.code === 'link.daily_limit') return texts.dailyLimit;
  if (error.code === 'link.call_failed') return texts.callFailed;
  if (error.code === 'link.invalid') return texts.invalidDefault;
  return fallback;
}

/**
 * - no token: 'Invalid magic link - no token provided';
 * - a thrown failure (network, no answer): 'Failed to validate link';
 * - the call could not be placed (`link.call_failed`, or `link.daily_limit` over the practice's daily
 *   limit): the server's words, and the patient may try again;
 * - any other refusal: the server's error, else 'Invalid or expired link';
 * - an answer that is not `isValid: true`: the default 'This link has expired…' text.
 */
export function callLinkView(result: CallLinkResult): CallLinkView {
  const { token, isPending, data, error } = result;
  const language = callLinkLanguage(result);
  const texts = CALL_LINK_PAGE_TEXTS[language];
  if (!token) return { state: 'invalid', message: texts.noToken };
  if (error) {
    if (!(error instanceof ApiError) || error.status === 0) {
      return { state: 'invalid', message: texts.validateFailed };
    }
    // The link is good but no call went out (the vendor failed, or the practice's calls for today are used up).
    if (error.code === 'link.call_failed' || error.code === 'link.daily_limit') {
      return { state: 'call-failed', message: refusalIn(texts, language, error, texts.callFailed) };
    }
    return { state: 'invalid', message: refusalIn(texts, language, error, texts.invalidFallback) };
  }
  if (isPending) return { state: 'validating' };
  if (data?.isValid !== true) {
    const serverError = (data as { error?: unknown } | undefined)?.error;
    return {
      state: 'invalid',
      message: language === 'en' && typeof serverError === 'string' && serverError ? serverError : texts.invalidDefault,
    };
  }
  if (data.call === 'outside_hours') {
    return { state: 'outside-hours', opensAt: callsOpenText(data.next_call_at, data.time_zone, language) };
  }
  return { state: 'calling', onItsWay: data.call === 'on_its_way' };
}

/**
 * When calls can be placed again, in the practice's time zone (the patient's, as far as CareLoop
 * knows): "8:00 AM on Friday, November 27 (EST)" ("las 8:00 a.m. del viernes, 27 de noviembre
 * (EST)"); without a time, the calling hours alone are shown.
 */
export function callsOpenText(
  nextCallAt: string | undefined,
  timeZone: string | undefined,
  language: PreferredLanguage = 'en',
): string {
  const at = nextCallAt ? new Date(nextCallAt) : null;
  if (!at || Number.isNaN(at.getTime())) return '';
  const zone = { timeZone: timeZone || undefined };
  const { locale, opensAt } = CALL_LINK_PAGE_TEXTS[language];
  // ICU may put narrow no-break spaces in times; the page keeps plain ones.
  const plain = (s: string) => s.replace(/\s/g, ' ');
  try {
    const time = plain(new Intl.DateTimeFormat(locale, { ...zone, hour: 'numeric', minute: '2-digit' }).format(at));
    const day = new Intl.DateTimeFormat(locale, { ...zone, weekday: 'long', month: 'long', day: 'numeric' }).format(at);
    const name = new Intl.DateTimeFormat(locale, { ...zone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    const hour = Number(new Intl.DateTimeFormat('en-US', { ...zone, hour: 'numeric', hourCycle: 'h23' }).format(at));
    return opensAt({ time, day, zone: name, hour });
  } catch {
    // A time zone this browser does not know: the hours alone still say when to come back.
    return '';
  }
}
