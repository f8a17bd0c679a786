/** Patient texts (product-rules.md "Texts") and magic links (product-rules.md "Links and expiry"). */
import type { TextDirection, TextKind, TextStatus } from '../../shared/values/texts';
import type { CallKind, CallStatus } from '../../shared/values/calls';
import type { CarePlanFields } from '../../shared/domain';
import type { OrganizationLookup, PatientLookup } from '../kernel/access';
import type { Page } from '../kernel/ports';
import type { OrganizationRecordLookup } from '../kernel/read-models/daily-caps';
import type { CallLogRecord } from '../kernel/records/call-log';
import type { OrganizationRef } from '../kernel/records/organization';
import type { LinkRepository } from '../kernel/records/link';
import type { PatientRecord } from '../kernel/records/patient';
import type { UserProfileRecord } from '../kernel/records/user-profile';

/** Patients as texts read them: one, or every patient an inbound number belongs to. */
export interface TextPatients extends PatientLookup {
  /** Several patients at once (one BatchGet); missing ids are left out. */
  getMany(ids: readonly string[]): Promise<PatientRecord[]>;
}

/** Organizations as texts read them: the reference, the whole record (its daily caps), who owns a sender. */
export interface TextOrganizations extends OrganizationLookup, OrganizationRecordLookup {
  /** The organization that owns a Twilio sender (number or Messaging Service), if any: one Get. */
  ownerOfSender(sender: string): Promise<string | null>;
}

/** Staff profiles, read for the name a text or a resolved callback shows. */
export interface StaffProfiles {
  get(userId: string): Promise<UserProfileRecord | null>;
}

/** Places the call a link opened (calls' placing): its log with the voice platform's id, or the refusal in the user's words. */
export interface LinkCallDialer {
  dial(log: CallLogRecord, patient: PatientRecord, organization: OrganizationRef): Promise<CallLogRecord>;
}

/**
 * Call links place calls: at most one per patient per window across all the patient's links (taken
 * with the call's plan, kernel/call-log-writes.ts), and staff can revoke all of a patient's links at
 * once (call-link-plans.ts).
 */
export interface CallLinkRepository extends LinkRepository {
  /** When staff last revoked the patient's call links: links created until then are revoked (null: never). */
  revokedAt(patientId: string): Promise<string | null>;
}

export interface TextRecord {
  patientId: string;
  /** Sorts by time: `20261123T101500123Z-1a2b3c4d`. */
  id: string;
  providerId: string;
  direction: TextDirection;
  kind: TextKind;
  status: TextStatus;
  body: string;
  includedCallLink: boolean;
  month: string | null;
  messageSid: string | null;
  errorCode: string | null;
  sentBy: string | null;
  sentByName: string | null;
  callbackStatus: 'open' | 'resolved' | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
  resolvedByName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TextKey {
  patientId: string;
  id: string;
}

export interface SmsContact {
  patientId: string;
  providerId: string;
  /** When the organization last texted the patient at this number. */
  lastTextedAt: string;
}

/** STOP or START of an inbound text: the number's preference, written with the inbound record. */
export interface OptOutChange {
  phoneNumber: string;
  optedOut: boolean;
}

export interface TextRepository {
  /** A page of a patient's texts, newest first; `invalid_cursor` when the cursor is not of this list. */
  pageByPatient(patientId: string, limit: number, cursor: string | null): Promise<Page<TextRecord> | 'invalid_cursor'>;
  get(key: TextKey): Promise<TextRecord | null>;
  /** Outbound texts counted in the patient's month. */
  monthCount(patientId: string, month: string): Promise<number>;
  findBySid(messageSid: string): Promise<TextKey | null>;
  optOutOf(phoneNumber: string): Promise<{ optedOut: boolean; changedAt: string } | null>;
  contactsOf(phoneNumber: string): Promise<SmsContact[]>;
}

export interface OutboundText {
  /** E.164. */
  to: string;
  body: string;
  idempotencyKey: string;
  /** Where Twilio posts the text's delivery statuses (patient texts); none for staff notifications. */
  statusCallback?: string;
  /**
   * The organization's own sender (E.164 number or `MG…` Messaging Service) for patient texts;
   * staff notifications leave it out and go from the deployment's sender.
   */
  sender?: string;
}

export interface SmsSender {
  /** Throws MessageSendError. */
  send(text: OutboundText): Promise<{ messageSid: string }>;
}

/** A call as its reminder reads it (DECISIONS "Reminders"). */
export interface ReminderCall {
  id: string;
  patientId: string;
  providerId: string;
  status: CallStatus;
  /** A monthly check-in is placed only with the patient's accepted consent, and reminded only then. */
  kind: CallKind;
  /** When it is due (UTC ISO); null for a call placed at once. */
  scheduledAt: string | null;
  /** The due time whose reminder was handled already; null: none yet. */
  remindedFor: string | null;
}

/** The calls reminders are sent for. */
export interface ReminderCalls {
  get(id: string): Promise<ReminderCall | null>;
  /** The pending calls due from `from` (inclusive) to `to` (exclusive), by due time: Query only. */
  dueBetween(from: string, to: string): Promise<ReminderCall[]>;
}

/** The patient's care plan in force, as its link's page shows it (the clinical documents' repository satisfies it). */
export interface CarePlanDocuments {
  get(
    kind: 'care_plan',
    patientId: string,
  ): Promise<{ version: number; updated_at: string; content: string; plan?: CarePlanFields } | null>;
}
