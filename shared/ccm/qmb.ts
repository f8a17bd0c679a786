/**
 * Qualified Medicare Beneficiary status over time (ccm/README.md: APCM pays G0558 rather than G0557
 * for a QMB patient). Status changes as Medicaid eligibility does, so each check is kept with the day
 * it was made, and a past month is priced with the status known then, not today's. Pure.
 */
import type { BillingMonth } from './months';

/** One check of the patient's QMB status: what it found and the day (`YYYY-MM-DD`) it was made. */
export interface QmbCheck {
  status: boolean;
  checked_on: string;
}

/**
 * The latest check on or before `day` (`YYYY-MM-DD`); of checks on the same day, the one recorded
 * last (`checks` oldest recorded first). Null when none was made by then.
 */
export function qmbCheckOn<C extends QmbCheck>(checks: readonly C[], day: string): C | null {
  let found: C | null = null;
  for (const check of checks) {
    if (check.checked_on <= day && (!found || check.checked_on >= found.checked_on)) found = check;
  }
  return found;
}

/**
 * Whether the patient counts as a QMB in `month`: the latest check on or before the month's end
 * found so. Never checked by then: not a QMB, so the month is never billed above what was verified.
 */
export function qmbInMonth(checks: readonly QmbCheck[], month: BillingMonth): boolean {
  // Any day of the month sorts before `${month}-32`, and every later month's days after it.
  return qmbCheckOn(checks, `${month}-32`)?.status ?? false;
}
