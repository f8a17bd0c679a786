/**
 * Notifications (product-rules.md "Summaries, escalations and notifications"): e-mail (SES), text (Twilio),
 * a spoken alert (VoiceAgent.placeCall), one record per call, user and channel.
 */
import type { NotificationPreferences } from '../../shared/domain';

export interface OutboundEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Call, user and channel: the adapter passes it on where the vendor keeps one (never PHI). */
  idempotencyKey: string;
}

export interface EmailSender {
  /** Throws MessageSendError. */
  send(email: OutboundEmail): Promise<{ messageId: string }>;
}

export type NotificationReason = 'escalation' | 'new_summary';

export interface NotificationKey {
  callLogId: string;
  userId: string;
  /** `email`, `sms` or `call` (shared/domain NOTIFICATION_CHANNELS). */
  channel: NotificationPreferences['escalations'][number];
}

export interface NotificationRecord extends NotificationKey {
  reason: NotificationReason;
  status: 'sending' | 'sent' | 'failed';
  attempts: number;
  createdAt: string;
  updatedAt: string;
  /** SES MessageId, Twilio MessageSid or Vapi call id, once sent. */
  providerMessageId: string | null;
  errorCode: string | null;
}

/** What taking a notification for sending found: take it, it went out before, or another delivery holds it. */
export type NotificationClaim = 'claimed' | 'sent' | 'busy';

export interface NotificationRepository {
  /** Every notification of a call (all users and channels). */
  listByCall(callLogId: string): Promise<NotificationRecord[]>;
  /**
   * Takes a notification before it is sent, conditionally: creates it (`sending`), or takes again
   * one that `failed`, or one left `sending` since before `staleBefore` (a delivery that died
   * mid-send). `sent` when it went out before; `busy` when another delivery holds it.
   */
  claim(key: NotificationKey, reason: NotificationReason, at: string, staleBefore: string): Promise<NotificationClaim>;
  markSent(key: NotificationKey, providerMessageId: string, at: string): Promise<void>;
  markFailed(key: NotificationKey, errorCode: string, at: string): Promise<void>;
}

/** Signals that page on-call (a CloudWatch metric with an alarm in AWS). */
export interface OnCallSignals {
  /** An Emergent escalation reached nobody: no provider user, no escalation channel, or every send failed. */
  emergentEscalationUnnotified(callLogId: string): void;
}
