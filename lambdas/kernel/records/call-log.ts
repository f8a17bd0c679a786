/**
 * A call as stored: every capability that reads or starts a call (calls, call links, patients'
 * schedules, summaries, the worklist) shares this shape; ids of calls the system derives are stable.
 */
import type { CallKind, CallOutcome, CallStatus, EscalationLevel } from '../../../shared/values/calls';
import type { TranscriptTurn } from '../../../shared/calls';
import type { TimePreference } from '../../../shared/time-preferences';
import type { TransferStatus } from '../../../shared/warm-transfer';
import { createHash } from 'node:crypto';

/**
 * An id derived from another (the next check-in of a call): a retry derives the same one. It has
 * the form of every other record id, a UUID (RFC 9562 version 8, name-based from SHA-256), so one
 * path rule serves generated and derived ids alike.
 */
export function derivedId(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex').split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export function newCallLog(
  fields: Pick<CallLogRecord, 'id' | 'patient_id' | 'provider_id' | 'status' | 'kind' | 'created_by'> &
    Partial<CallLogRecord>,
  at: string,
): CallLogRecord {
  return {
    outcome: null,
    created_at: at,
    updated_at: at,
    scheduled_at: null,
    time_preference: null,
    cycle_date: null,
    attempt: 0,
    placed_at: null,
    vendor_call_id: null,
    started_at: null,
    ended_at: null,
    duration_seconds: null,
    ended_reason: null,
    failure_reason: null,
    transcript: [],
    summary: null,
    escalation_level: null,
    note_to_doctor: null,
    success_evaluation: null,
    cost: null,
    report_received_at: null,
    event_published_at: null,
    added_to_emr: false,
    requires_followup: false,
    summary_org_month: null,
    summary_utc_month: null,
    stop_requested: false,
    version: 1,
    ...fields,
  };
}

export interface CallLogRecord {
  id: string;
  patient_id: string;
  provider_id: string;
  status: CallStatus;
  kind: CallKind;
  outcome: CallOutcome | null;
  created_at: string;
  updated_at: string;
  created_by: string;
  /** When a scheduled call is due (UTC ISO); null for instant calls. */
  scheduled_at: string | null;
  time_preference: TimePreference | null;
  /** Monthly check-ins: the cycle's date (YYYY-MM-DD, local) and the retry number (0, 1, 2). */
  cycle_date: string | null;
  attempt: number;
  /** When the call was handed to Vapi (queued). */
  placed_at: string | null;
  vendor_call_id: string | null;
  started_at: string | null;
  ended_at: string | null;
  duration_seconds: number | null;
  ended_reason: string | null;
  failure_reason: string | null;
  transcript: TranscriptTurn[];
  summary: string | null;
  escalation_level: EscalationLevel | null;
  note_to_doctor: string | null;
  success_evaluation: boolean | null;
  cost: number | null;
  /** Set once, when the end-of-call report (or the reconciler's equivalent) is stored. */
  report_received_at: string | null;
  /** Set once the `call.completed` event has been put on the bus. */
  event_published_at: string | null;
  /** Summary review (product-rules.md "Summaries, escalations and notifications"). */
  added_to_emr: boolean;
  requires_followup: boolean;
  /** The months its summary is listed under (organization time zone, UTC); null without a summary. */
  summary_org_month: string | null;
  summary_utc_month: string | null;
  /** The person asked not to be called again (AI voice rules): the follow-up job turns outreach off. */
  stop_requested: boolean;
  /** The on-call number the assistant could transfer to (set when the call was placed); null: none offered. */
  transfer_offered_to?: string | null;
  /**
   * When the call took a slot of the call lines (DECISIONS "Outreach capacity"); cleared when it gives
   * it back. Calls placed before the call lines existed have none and give nothing back.
   */
  slot_taken_at?: string | null;
  /** A due call waiting for a free line: when it first found none; cleared when it is placed or moved. */
  waiting_since?: string | null;
  /** The warm transfer the report shows, to the number offered (DECISIONS "Warm transfer"); null: none. */
  transfer?: CallTransfer | null;
  version: number;
}

/** A warm transfer as stored: where to, how it ended, when (the report's end: Vapi's record has no time). */
export interface CallTransfer {
  to: string;
  status: TransferStatus;
  at: string;
}
