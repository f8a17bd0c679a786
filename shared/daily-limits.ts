/**
 * Per-organization daily limits on calls placed and patient texts sent (DECISIONS.md "Vendor
 * trust"): a compromised account cannot run toll fraud or SMS pumping past them. The day is the
 * organization's calendar day in its time zone.
 */

/** The default limit is never below this, however few patients the practice has. */
export const DAILY_LIMIT_FLOOR = 50;
/** The largest limit an operator may set. */
export const DAILY_LIMIT_MAX = 10_000;

export type DailyLimitKind = 'calls' | 'texts';

/** The limit in force: the operator's setting, else the larger of the floor and the active patients. */
export function effectiveDailyLimit(setting: number | null | undefined, activePatients: number): number {
  return setting ?? Math.max(DAILY_LIMIT_FLOOR, activePatients);
}

/**
 * A whole number as en-US writes it (10,000). Not `toLocaleString`: its first call loads ICU's
 * locale data, and this module is read when a function starts (measured: 14 ms of a 280 ms cold
 * import, a tenth of the whole floor).
 */
const withThousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const WORDS: Record<DailyLimitKind, { noun: string; again: string }> = {
  calls: { noun: 'calls', again: 'Calls can be placed again tomorrow' },
  texts: { noun: 'text messages', again: 'Text messages can be sent again tomorrow' },
};

export const DAILY_LIMIT_MESSAGES = {
  invalid: `Enter a whole number from 1 to ${withThousands(DAILY_LIMIT_MAX)}, or leave it blank for the default`,
  reachedToday: {
    calls: "This practice has reached today's call limit. Calls can be placed again tomorrow.",
    texts: "This practice has reached today's text message limit. Text messages can be sent again tomorrow.",
  },
  /** The patient's call-link page: no staff words, no numbers. */
  linkCall: "We can't place more calls from your care team today. Please try again tomorrow, or call your care team.",
  /** Staff's refusal when the day's limit is used up. */
  reached: (kind: DailyLimitKind, limit: number) =>
    `This practice has reached its daily limit of ${limit} ${WORDS[kind].noun}. ${WORDS[kind].again}, or a CareLoop operator can raise the limit.`,
  /** The organization page's line: the number in force, and whether it is the default. */
  shown: (setting: number | null, activePatients: number) =>
    setting === null
      ? `${effectiveDailyLimit(null, activePatients)} (default: the larger of ${DAILY_LIMIT_FLOOR} and the active patients)`
      : String(setting),
} as const;
