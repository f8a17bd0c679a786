/** Phone rules of product-rules.md "Validation": one general pattern (patients) and the US form (user accounts). */

/** Removes spaces, hyphens and parentheses, as the patient form does before checking. */
export const stripPhoneFormatting = (value: string) => value.replace(/[\s\-()]/g, '');

/** Optional plus, a digit 1-9, then 1 to 14 more digits. */
export const GENERAL_PHONE = /^\+?[1-9]\d{1,14}$/;

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
