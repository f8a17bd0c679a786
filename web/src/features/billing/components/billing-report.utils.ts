import { PROGRAM_LABELS } from '../../../../../shared/care-program';
import { CONSENT_STATUS_LABELS } from '../../../../../shared/consent';
import type { BillingReportRow } from '../../../../../shared/care-time';

const MONTH_LABEL = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-11' → 'November 2026'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return MONTH_LABEL.format(new Date(Date.UTC(year, number - 1, 1)));
}

/** The browser's month as YYYY-MM: the month filter's start until the server names the organization's. */
export function browserMonth(now: Date): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * The month filter: '' (this month, in the organization's time zone, which the server knows) and
 * the twelve months before `current` (YYYY-MM: the organization's month once the report names it),
 * newest first.
 */
export function reportMonthOptions(current: string): { value: string; label: string }[] {
  const [year, number] = current.split('-').map(Number) as [number, number];
  const options = [{ value: '', label: 'This month' }];
  for (let back = 1; back <= 12; back++) {
    const d = new Date(Date.UTC(year, number - 1 - back, 1));
    const value = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    options.push({ value, label: monthLabel(value) });
  }
  return options;
}

/** 'Accepted (2026-10-02)', 'Awaiting consent'. */
export function consentText(row: Pick<BillingReportRow, 'consent'>): string {
  const label = CONSENT_STATUS_LABELS[row.consent.status];
  return row.consent.date ? `${label} (${row.consent.date})` : label;
}

/** The codes as staff read them: '99490 + 99439', or 'None'. */
export const codesText = (row: Pick<BillingReportRow, 'codes'>) =>
  row.codes.length > 0 ? row.codes.map((c) => c.code).join(' + ') : 'None';

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 106.3 → '$106.30'. */
export const dollars = (amount: number) => USD.format(amount);

/** 'Better under APCM (+$50.00)', or null when the program in force pays most. */
export function betterText(row: Pick<BillingReportRow, 'better'>): string | null {
  return row.better ? `Better under ${PROGRAM_LABELS[row.better.program]} (+${dollars(row.better.gain)})` : null;
}
