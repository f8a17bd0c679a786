import type { ClinicalDocument, Patient } from '../../../../../shared/domain';

const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar day ('2025-09-05') shown as 'Sep 5, 2025' whatever the browser's time zone. */
export function formatDay(day: string): string {
  const date = parse(`${day}T12:00:00.000Z`);
  return date ? DATE.format(date) : day;
}

/** Whole years from a date of birth to `today` (both `YYYY-MM-DD`): a birthday counts on its day. */
export function ageOn(dateOfBirth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return today.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

/** 'Mar 7, 1948 (age 78)'. */
export function birthLine(dateOfBirth: string, today: string): string {
  return `${formatDay(dateOfBirth)} (age ${ageOn(dateOfBirth, today)})`;
}

export function patientName(patient: Pick<Patient, 'first_name' | 'last_name'>): string {
  return `${patient.first_name} ${patient.last_name}`.trim();
}

/** 'Updated Jan 2, 2025, 9:30 AM by Nina Patel'. */
export function documentUpdatedLine(document: Pick<ClinicalDocument, 'updated_at' | 'updated_by' | 'creator'>): string {
  const date = parse(document.updated_at);
  const by = document.updated_by?.name || document.creator?.name;
  return [date ? `Updated ${DATE_TIME.format(date)}` : 'Updated', by ? `by ${by}` : ''].filter(Boolean).join(' ');
}

/** 'Jan 2, 2025, 9:30 AM' in the browser's time zone; the raw text when it is not a time. */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? DATE_TIME.format(date) : iso;
}
