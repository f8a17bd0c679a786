/**
 * Phone rules (product-rules.md "Validation"; DECISIONS "Vendor trust"): patients' numbers are stored
 * and compared only in E.164, and only numbers of the served countries are accepted (the North
 * American Numbering Plan unless a deployment lists more calling codes). `normalizePhone` is the one
 * function every reader of a typed or stored number calls; user accounts keep the US form.
 */

/** The North American Numbering Plan's calling code: the United States, Canada and the Caribbean. */
export const NANP_CALLING_CODE = '1';

/** The served calling codes when a deployment lists none. */
export const DEFAULT_CALLING_CODES: readonly string[] = [NANP_CALLING_CODE];

/** +1, an area code and an exchange that each start with 2-9, then 4 more digits. */
const NANP_E164 = /^\+1[2-9]\d{2}[2-9]\d{6}$/;

/** E.164 in general: a plus, a digit 1-9, then at most 14 more digits (7 at least). */
const ANY_E164 = /^\+[1-9]\d{6,14}$/;

/** The separators people type between digits: spaces, hyphens, dots and parentheses. */
const SEPARATORS = /[\s\-.()]/g;

/**
 * The E.164 form of a number typed the usual ways, whatever its country, or null when it cannot be
 * one: `(813) 555-0142`, `813-555-0142`, `1 813 555 0142` and `+1 813 555 0142` all read
 * `+18135550142`. Without a plus only NANP forms are read (10 digits, or 11 starting with 1); a +1
 * number must be a valid NANP number.
 */
export function toE164(value: string): string | null {
  const match = /^(\+)?(\d+)$/.exec(value.replace(SEPARATORS, ''));
  if (!match) return null;
  let digits = match[2] ?? '';
  if (!match[1]) {
    if (digits.length === 10) digits = `${NANP_CALLING_CODE}${digits}`;
    else if (!(digits.length === 11 && digits.startsWith(NANP_CALLING_CODE))) return null;
  }
  const e164 = `+${digits}`;
  if (digits.startsWith(NANP_CALLING_CODE)) return NANP_E164.test(e164) ? e164 : null;
  return ANY_E164.test(e164) ? e164 : null;
}

/** Whether an E.164 number belongs to one of the served calling codes. */
export function isServedPhone(e164: string, callingCodes: readonly string[] = DEFAULT_CALLING_CODES): boolean {
  if (toE164(e164) !== e164) return false;
  const digits = e164.slice(1);
  // +1 is NANP only: a listed code starting with 1 (none exists today) never widens it.
  if (digits.startsWith(NANP_CALLING_CODE)) return callingCodes.includes(NANP_CALLING_CODE);
  return callingCodes.some((code) => code !== NANP_CALLING_CODE && digits.startsWith(code));
}

/**
 * The canonical form of a number (typed or stored) of a served country, or null. Every comparison
 * of numbers (opt-outs, text contacts, inbound `From`) compares what this returns.
 */
export function normalizePhone(value: string, callingCodes: readonly string[] = DEFAULT_CALLING_CODES): string | null {
  const e164 = toE164(value);
  return e164 && isServedPhone(e164, callingCodes) ? e164 : null;
}

/**
 * Served calling codes from configuration (`PHONE_CALLING_CODES`, e.g. `1,44`): digits only, each
 * 1-3 long; empty means the default (NANP).
 */
export function parseCallingCodes(value: string | undefined): readonly string[] {
  const codes = (value ?? '')
    .split(',')
    .map((code) => code.trim().replace(/^\+/, ''))
    .filter(Boolean);
  for (const code of codes) {
    if (!/^[1-9]\d{0,2}$/.test(code)) throw new Error(`"${code}" is not a country calling code (1 to 3 digits)`);
  }
  return codes.length > 0 ? [...new Set(codes)] : DEFAULT_CALLING_CODES;
}

/** +1, a digit 2-9, then 9 more digits. */
export const US_PHONE = /^\+1[2-9]\d{9}$/;

/**
 * Auto-normalisation of the user form's phone input as the person types: non-digits stripped,
 * +1 prefixed, capped at 11 digits after the plus.
 */
export function normalizeUsPhoneInput(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 0) return '';
  const withCountry = digits.startsWith('1') ? digits : `1${digits}`;
  return `+${withCountry.slice(0, 11)}`;
}
