import type { UnmatchedReason } from '../calls/call-metrics';

/** What the call lifecycle counts (metrics: codes and amounts, never ids). */
export interface CallSignals {
  /** A Vapi message that changed nothing (DECISIONS "Vendor trust"). */
  unmatched(reason: UnmatchedReason): void;
  /** A report was stored: what Vapi charged for the call, in dollars. */
  callCost(dollars: number): void;
}
