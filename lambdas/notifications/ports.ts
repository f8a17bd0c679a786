/**
 * Notifications (product-rules.md "Summaries, escalations and notifications"): e-mail (SES), text (Twilio),
 * a spoken alert (Vapi), one record per call, user and channel.
 */
import type { NotificationPreferences } from '../../shared/domain';
import type { UserProfileRecord } from '../kernel/records/user-profile';

/** The organization's staff, whose preferences say who hears of a call and how. */
export interface OrganizationStaff {
  /** Every active user of an organization (every role), newest first. */
  listByOrganization(organizationId: string): Promise<UserProfileRecord[]>;
}

/** A text to a staff member: it goes from the deployment's sender, with no delivery callback. */
export interface StaffText {
  /** E.164. */
  to: string;
  body: string;
  idempotencyKey: string;
}

export interface StaffTextSender {
  /** Throws MessageSendError. */
  send(text: StaffText): Promise<{ messageSid: string }>;
}

/**
 * A short spoken alert to a staff member's phone: CareLoop's own call, without a call log. It holds
 * one of the deployment's call lines under a lease; only its status updates come back, to end it.
 */
export interface SpokenAlert {
  /** What the voice platform's metadata names the alert by: never the patient's call id. */
  callLogId: string;
  patientId: string;
  organizationId: string;
  /** E.164. */
  customerNumber: string;
  assistantId: string;
  voiceId: string;
  systemPrompt: string;
  firstMessage: string;
  audience: 'staff';
  /** An alert leaves no voicemail: it hangs up. */
  voicemailMessage: null;
  /** The lease of the line it holds. */
  lineLeaseId: string;
  /** Vapi ends it after this long: the lease's time is this and a margin. */
  maxDurationSeconds: number;
}

export interface AlertCaller {
  /** Places the call; returns the voice platform's call id. Throws VoiceAgentError. */
  placeCall(request: SpokenAlert): Promise<{ vendorCallId: string }>;
}

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

export interface NotificationRepository {
  /** Every notification of a call (all users and channels). */
  listByCall(callLogId: string): Promise<NotificationRecord[]>;
  /** One notification, read consistently (what a take again is conditional on); null when there is none. */
  get(key: NotificationKey): Promise<NotificationRecord | null>;
}

/** Signals that page on-call (a CloudWatch metric with an alarm in AWS). */
export interface OnCallSignals {
  /** An Emergent escalation reached nobody: no provider user, no escalation channel, or every send failed. */
  emergentEscalationUnnotified(callLogId: string): void;
}
