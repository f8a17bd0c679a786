/**
 * The two identifiers a Medicare claim needs beside the codes (issue 26 item 4): the billing
 * practitioner's National Provider Identifier (NPI) and the patient's Medicare Beneficiary
 * Identifier (MBI). Pure: the forms and the API check them by the same rules.
 */

export const IDENTIFIER_MESSAGES = {
  npiInvalid: 'Enter a valid 10-digit NPI (its last digit is a check digit)',
  mbiInvalid: 'Enter a valid Medicare Beneficiary Identifier: 11 characters, such as 1EG4-TE5-MK73',
} as const;

/**
 * The NPI's check digit (CMS, "Requirements for National Provider Identifier Check Digit"): the
 * Luhn formula over the card issuer prefix 80840 and the first nine digits, so 123456789 takes 3.
 */
function npiCheckDigit(firstNine: string): number {
  const digits = `80840${firstNine}`;
  let sum = 0;
  // From the right, every other digit is doubled, starting with the rightmost (the check digit comes after it).
  for (let i = digits.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    let d = Number(digits[i]) * (double ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** The NPI as typed, without spaces; null when it is not 10 digits with the right check digit. */
export function readNpi(value: string): string | null {
  const npi = value.replace(/\s+/g, '');
  if (!/^\d{10}$/.test(npi)) return null;
  return npiCheckDigit(npi.slice(0, 9)) === Number(npi[9]) ? npi : null;
}

// MBI character classes (CMS, "Understanding the Medicare Beneficiary Identifier Format"): letters
// never include S, L, O, I, B or Z, which read like digits.
const LETTER = '[AC-HJKMNP-RT-Y]';
const LETTER_OR_DIGIT = '[AC-HJKMNP-RT-Y0-9]';
const MBI = new RegExp(
  `^[1-9]${LETTER}${LETTER_OR_DIGIT}[0-9]${LETTER}${LETTER_OR_DIGIT}[0-9]${LETTER}${LETTER}[0-9][0-9]$`,
);

/**
 * The MBI as stored: upper case, without the dashes or spaces it is often printed with
 * (1EG4-TE5-MK73); null when its 11 characters break the format position by position.
 */
export function readMbi(value: string): string | null {
  const mbi = value.replace(/[\s-]+/g, '').toUpperCase();
  return MBI.test(mbi) ? mbi : null;
}

/** A stored MBI as CMS prints it on the Medicare card, in groups of 4, 3 and 4 (1EG4-TE5-MK73). */
export const formatMbi = (mbi: string) => `${mbi.slice(0, 4)}-${mbi.slice(4, 7)}-${mbi.slice(7)}`;
