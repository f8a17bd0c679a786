/**
 * The call link texts issue 21 adds (Deliver 9): the page's state outside the calling hours, and
 * revoking a patient's links from the patient page. The hours come from the calling window itself.
 */
import type * as z from 'zod/mini';
import type { revokedCallLinksAnswer } from './api/answers';
import { CALL_WINDOW } from './values/calls';

/** DELETE /patients/{patientId}/call-links. */
export type RevokeCallLinksResponse = z.output<typeof revokedCallLinksAnswer>;

/** `8` → `8:00 AM`, `21` → `9:00 PM`. */
export function hourLabel(hour: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}

export const CALL_LINK_HOURS_MESSAGES = {
  title: 'Outside Calling Hours',
  hours: `Calls can be placed from ${hourLabel(CALL_WINDOW.startHour)} to ${hourLabel(CALL_WINDOW.endHour)} your time.`,
  noCall: 'No call was placed.',
  /** `when`: the next time calls can be placed, e.g. "8:00 AM on Friday, November 27 (EST)". */
  openAgain: (when: string) => `Please open this link again from ${when}.`,
} as const;

export const REVOKE_CALL_LINKS_MESSAGES = {
  button: 'Revoke Call Links',
  title: 'Revoke call links',
  confirm: (patientName: string) =>
    `Every call link made for ${patientName} so far, including links sent by text, stops working now. Opening one will say it has expired. You can make a new link afterwards.`,
  revoked: 'Call links revoked. Links made before now no longer work.',
  failed: 'Failed to revoke call links',
} as const;
