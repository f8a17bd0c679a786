/**
 * Metrics about Vapi's messages, by name: the functions emit them (call-signals.ts) and the
 * monitoring stack alarms on them. Namespace CareLoop; never an id of a patient or a call.
 */

/** A signed Vapi message that changed nothing: a call CareLoop did not place, or not in this state. */
export const VAPI_MESSAGE_UNMATCHED = 'VapiMessageUnmatched';

/** The one dimension of VAPI_MESSAGE_UNMATCHED. */
export const UNMATCHED_REASON_DIMENSION = 'reason';

/**
 * Why a message changed nothing. `no_call_log`: it names none of CareLoop's call logs;
 * `unknown_call`: the named call log does not exist; `vendor_id_pending`: CareLoop has not stored
 * Vapi's id yet (the reconciler completes the call); `vendor_id_mismatch`: the call log was placed as
 * another Vapi call; `call_settled`: the call has ended already.
 */
export const UNMATCHED_REASONS = [
  'no_call_log',
  'unknown_call',
  'vendor_id_pending',
  'vendor_id_mismatch',
  'call_settled',
] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

/** A due call found no free call line and waits to be woken (DECISIONS "Outreach capacity"). */
export const CALL_WAITING_FOR_LINE = 'CallWaitingForLine';
/** How long a call that waited for a line waited, measured when it is placed. */
export const CALL_LINE_WAIT = 'CallLineWaitSeconds';

/** What the call lifecycle counts (metrics: codes and amounts, never ids). */
export interface CallSignals {
  /** A due call found no free line and waits (counted each time it finds none: first, and after a wake). */
  waitingForLine(): void;
  /** A call that waited for a line got one, after this many seconds. */
  lineWait(seconds: number): void;
  /** A Vapi message that changed nothing (DECISIONS "Vendor trust"). */
  unmatched(reason: UnmatchedReason): void;
  /** A report was stored: what Vapi charged for the call, in dollars. */
  callCost(dollars: number): void;
}
