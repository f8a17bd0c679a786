/**
 * What a patient text is (product-rules.md "Texts"): its direction, status and kind, a leaf beneath
 * the API records. `../texts` adds the rules, messages and answer types.
 */

export const TEXT_DIRECTIONS = ['outbound', 'inbound'] as const;
export type TextDirection = (typeof TEXT_DIRECTIONS)[number];

/**
 * `sending`: reserved, not yet accepted by Twilio; `queued`/`accepted`/`sent`/`delivered`/
 * `undelivered`/`failed`: Twilio's statuses; `received`: an inbound text.
 */
export const TEXT_STATUSES = [
  'sending',
  'queued',
  'accepted',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'received',
] as const;
export type TextStatus = (typeof TEXT_STATUSES)[number];

/**
 * What a text was: a staff check-in or enrollment invitation, a reminder of a scheduled call (sent
 * by CareLoop), a link to the patient's care plan (`care_plan`, shared/care-plan-link.ts), or an inbound reply (a keyword, an answer to an invitation, or a callback request).
 */
export const TEXT_KINDS = [
  'check_in',
  'reminder',
  'stop',
  'start',
  'help',
  'callback_request',
  'invitation',
  'enrollment_yes',
  'enrollment_no',
  'care_plan',
] as const;
export type TextKind = (typeof TEXT_KINDS)[number];
