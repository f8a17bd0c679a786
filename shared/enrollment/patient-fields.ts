/**
 * The fields a practice's records carry beside a patient's name and phone (DECISIONS "Enrollment"): the
 * medical record number, the date of birth and the preferred language. One rule each, shared by the
 * panel import, the patient form and the API. Imports nothing from shared/validation.ts, which may
 * import this file.
 */
import { IMPORT_MESSAGES } from './messages';

export const PREFERRED_LANGUAGES = ['en', 'es'] as const;
export type PreferredLanguage = (typeof PREFERRED_LANGUAGES)[number];

/** How staff screens name a patient's language (staff screens stay English: DECISIONS "Languages"). */
export const LANGUAGE_NAMES: Record<PreferredLanguage, string> = { en: 'English', es: 'Spanish' };
export const DEFAULT_LANGUAGE: PreferredLanguage = 'en';

/** An EHR's medical record number: letters, digits and the separators EHRs use, at most 64. */
const MRN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;

/** The MRN as kept and compared within an organization (trimmed; case as the EHR writes it), or a problem. */
export function readMrn(value: string | undefined): { mrn: string } | { problem: string } {
  const mrn = (value ?? '').trim();
  if (!mrn) return { problem: IMPORT_MESSAGES.mrnRequired };
  return MRN.test(mrn) ? { mrn } : { problem: IMPORT_MESSAGES.mrnInvalid };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const EARLIEST_BIRTH = '1900-01-01';

/**
 * A date of birth written as ISO (1948-03-07) or as US spreadsheets write it (3/7/1948), read as
 * `YYYY-MM-DD`: a real calendar day, not after `today` (the organization's day) nor before 1900.
 */
export function readDateOfBirth(value: string | undefined, today: string): { date: string } | { problem: string } {
  const text = (value ?? '').trim();
  if (!text) return { problem: IMPORT_MESSAGES.dateOfBirthRequired };
  const iso = ISO_DATE.exec(text);
  const us = iso ? null : US_DATE.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : null;
  if (!parts) return { problem: IMPORT_MESSAGES.dateOfBirthInvalid };
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const asDate = new Date(Date.UTC(year, month - 1, day));
  if (asDate.getUTCFullYear() !== year || asDate.getUTCMonth() !== month - 1 || asDate.getUTCDate() !== day) {
    return { problem: IMPORT_MESSAGES.dateOfBirthInvalid };
  }
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (date > today) return { problem: IMPORT_MESSAGES.dateOfBirthInFuture };
  if (date < EARLIEST_BIRTH) return { problem: IMPORT_MESSAGES.dateOfBirthTooEarly };
  return { date };
}

/** `en` or `es` (any letter case, a region such as `es-MX` read as its language); blank is English. */
export function readPreferredLanguage(
  value: string | undefined,
): { language: PreferredLanguage } | { problem: string } {
  const text = (value ?? '').trim().toLowerCase();
  if (!text) return { language: DEFAULT_LANGUAGE };
  const language = text.split(/[-_]/)[0];
  const known = PREFERRED_LANGUAGES.find((l) => l === language);
  return known ? { language: known } : { problem: IMPORT_MESSAGES.languageInvalid };
}
