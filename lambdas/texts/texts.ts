/**
 * Patient texts (product-rules.md "Texts"): staff send check-in texts,
 * optionally with a call link; at most 5 a month per patient in the organization's time zone;
 * never to a number that replied STOP. Twilio's delivery callbacks move a text's status forward;
 * inbound replies are STOP / START / HELP keywords or callback requests for staff.
 */
import { randomBytes } from 'node:crypto';
import {
  SMS_REPLIES_BY_LANGUAGE,
  TEXT_MONTHLY_LIMIT,
  inboundKeyword,
  outboundTextBody,
  type PatientText,
  type PatientTextsResponse,
  type SendTextInput,
  type SendTextResponse,
} from '../../shared/texts';
import { TEXT_STATUSES, type TextStatus } from '../../shared/values/texts';
import { toE164 } from '../../shared/phone';
import { callLinkUrl } from '../../shared/call-link';
import { monthIn } from '../../shared/time-preferences';
import type { Actor } from '../kernel/actor';
import { patientForActor } from '../kernel/access';
import { audited } from '../kernel/audit';
import { invalidCursor, type PageRequest } from '../kernel/cursor';
import { dailyCapOf, slotTaken } from '../kernel/read-models/daily-caps';
import { fail, overDailyLimit } from '../kernel/error-catalogue';
import { createLink } from '../kernel/links';
import type { AuditLog } from '../kernel/audit-entry';
import type { Clock, Ids } from '../kernel/ports';
import { systemEvent } from '../kernel/audit-actors';
import type { WriteCommitter } from '../kernel/write-plan';
import type { OrganizationRef } from '../kernel/records/organization';
import type { PatientRecord } from '../kernel/records/patient';
import { INVITATION_TEXTS, readInvitationReply } from '../../shared/enrollment/invitation-texts';
import { DEFAULT_LANGUAGE } from '../../shared/enrollment/patient-fields';
import { answeredStage, stageMoveWrites } from './invitation-plans';
import { commitStageMove } from '../kernel/read-models/enrollment-stages';
import { deliveryPlan, inboundPlan, reservePlan, resolvedPlan } from './text-plans';
import { refusalError, sendReserved } from './text-sending';
import type {
  SmsContact,
  SmsSender,
  StaffProfiles,
  TextOrganizations,
  TextPatients,
  TextRecord,
  TextRepository,
} from './ports';

/** The patient page shows this many texts at a time (newest first). */
export const TEXT_HISTORY_LIMIT = 50;
export interface TextDeps {
  patients: TextPatients;
  organizations: TextOrganizations;
  profiles: StaffProfiles;
  texts: TextRepository;
  audit: AuditLog;
  clock: Clock;
  committer: WriteCommitter;
}

export interface SendTextDeps extends TextDeps {
  sms: SmsSender;
  /** The web app's origin, for the call link. */
  webOrigin: string;
  /** Where Twilio posts delivery statuses (`twilioStatus`). */
  statusCallbackUrl: string;
}

/** Time-ordered, unique ids: `20261123T101500123Z-1a2b3c4d`. */
export const textId = (at: Date) => `${at.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;

/** What an outbound text is about beyond the defaults every one starts with. */
export type OutboundTextFields = Pick<
  TextRecord,
  'patientId' | 'providerId' | 'kind' | 'body' | 'includedCallLink' | 'month' | 'sentBy' | 'sentByName'
>;

/**
 * A text about to be sent (staff check-ins, invitations, reminders): reserved as `sending` at `now`,
 * not yet accepted by Twilio, no callback to resolve.
 */
export function outboundText(fields: OutboundTextFields, now: Date): TextRecord {
  const at = now.toISOString();
  return {
    ...fields,
    id: textId(now),
    direction: 'outbound',
    status: 'sending',
    messageSid: null,
    errorCode: null,
    callbackStatus: null,
    resolvedAt: null,
    resolvedBy: null,
    resolvedByName: null,
    createdAt: at,
    updatedAt: at,
  };
}

export function toPatientText(text: TextRecord): PatientText {
  return {
    id: text.id,
    direction: text.direction,
    kind: text.kind,
    status: text.status,
    body: text.body,
    included_call_link: text.includedCallLink,
    error_code: text.errorCode,
    sent_by_name: text.sentByName,
    created_at: text.createdAt,
    updated_at: text.updatedAt,
    callback: text.callbackStatus
      ? { status: text.callbackStatus, resolved_at: text.resolvedAt, resolved_by_name: text.resolvedByName }
      : null,
  };
}

/**
 * Reserves a staff text's place in one transaction (the number not opted out, the patient's month
 * and the practice's day under their caps), or refuses it in the words staff see. The text is then
 * sent as reserved (text-sending.ts).
 */
export async function reserveStaffText(
  deps: Pick<TextDeps, 'organizations' | 'clock' | 'committer'>,
  organization: OrganizationRef,
  text: TextRecord,
  phone: string,
): Promise<void> {
  const cap = await dailyCapOf(deps, organization, 'texts');
  const reserved = await deps.committer.commit(reservePlan(text, phone, TEXT_MONTHLY_LIMIT, cap));
  if (reserved === 'opted_out') throw fail('textOptedOut');
  if (reserved === 'limit') throw fail('textMonthlyLimit');
  if (reserved === 'daily_limit') throw overDailyLimit('texts', cap.limit);
  if (reserved === 'conflict') throw new Error('text reservation canceled');
  slotTaken(cap);
}

export async function staffName(deps: Pick<TextDeps, 'profiles'>, actor: Actor): Promise<string> {
  const profile = await deps.profiles.get(actor.userId);
  const name = profile ? `${profile.first_name} ${profile.last_name}`.trim() : '';
  return name || actor.email;
}

/** A page of the patient's texts (newest first), its opt-out state and the month's allowance. */
export async function listPatientTexts(
  deps: TextDeps,
  actor: Actor,
  patientId: string,
  page: PageRequest,
): Promise<PatientTextsResponse> {
  const subject = { type: 'patient', id: patientId } as const;
  return audited(deps.audit, actor, 'text.list', subject, async (_about, _disclose, granted) => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    // A first page cannot be refused past the access check (only a cursor can be invalid).
    if (page.cursor === null) granted();
    const month = monthIn(organization.timezone, deps.clock.now());
    const [found, sent, preference] = await Promise.all([
      deps.texts.pageByPatient(patient.id, page.limit, page.cursor),
      deps.texts.monthCount(patient.id, month),
      patient.phone_number ? deps.texts.optOutOf(canonicalPhone(patient.phone_number)) : null,
    ]);
    if (found === 'invalid_cursor') throw invalidCursor();
    const texts = found.items;
    const optedOut = preference?.optedOut ?? false;
    return {
      messages: texts.map(toPatientText),
      next_cursor: found.cursor,
      has_phone: Boolean(patient.phone_number),
      opted_out: optedOut,
      opted_out_at: optedOut ? (preference?.changedAt ?? null) : null,
      monthly_limit: TEXT_MONTHLY_LIMIT,
      sent_this_month: Math.min(sent, TEXT_MONTHLY_LIMIT),
      open_callback_requests: texts.filter((t) => t.callbackStatus === 'open').length,
    };
  });
}

/**
 * Sends one check-in text. The month's allowance is taken and the opt-out checked in the same
 * write that records the text, so two concurrent sends can't both take the last slot; a text
 * Twilio refuses is marked failed and gives its slot back.
 */
export async function sendPatientText(
  deps: SendTextDeps,
  actor: Actor,
  patientId: string,
  input: SendTextInput,
): Promise<SendTextResponse> {
  return audited(deps.audit, actor, 'text.send', { type: 'patient', id: patientId }, async () => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    if (!patient.phone_number) throw fail('textNoPhone');
    // Never the deployment's shared sender: replies to a shared number cannot tell practices apart.
    const sender = organization.sms_sender;
    if (!sender) throw fail('textNoSender');
    const phone = canonicalPhone(patient.phone_number);
    const now = deps.clock.now();
    const month = monthIn(organization.timezone, now);
    const text = outboundText(
      {
        patientId: patient.id,
        providerId: organization.id,
        kind: 'check_in',
        body: input.body,
        includedCallLink: input.includeMagicLink,
        month,
        sentBy: actor.userId,
        sentByName: await staffName(deps, actor),
      },
      now,
    );
    await reserveStaffText(deps, organization, text, phone);

    let magicLink: string | null = null;
    // The call link is made as the text is sent: a link that cannot be made refuses the text.
    const body = async () => {
      if (input.includeMagicLink) {
        const { token } = await createLink(deps, {
          kind: 'call',
          organizationId: organization.id,
          patientId: patient.id,
          callLogId: null,
          createdBy: actor.userId,
        });
        magicLink = callLinkUrl(deps.webOrigin, token, patient.preferred_language);
      }
      return outboundTextBody(input.body, magicLink, patient.preferred_language ?? DEFAULT_LANGUAGE);
    };
    const key = { patientId: patient.id, id: text.id };
    const { messageSid, refusal } = await sendReserved(deps, { key, month, to: phone, sender, body });
    if (refusal) throw refusalError(refusal);
    const sentAt = deps.clock.now().toISOString();
    return {
      message: toPatientText({ ...text, status: 'queued', messageSid, updatedAt: sentAt }),
      includedMagicLink: magicLink !== null,
      magicLink,
    };
  });
}

/** Marks a patient's callback request handled. */
export async function resolveCallbackRequest(
  deps: TextDeps,
  actor: Actor,
  patientId: string,
  messageId: string,
): Promise<{ message: PatientText }> {
  return audited(deps.audit, actor, 'text.resolve_callback', { type: 'patient', id: patientId }, async () => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    const notFoundError = () => fail('callbackNotFound');
    if (!/^\d{8}T\d{9}Z-[0-9a-f]{8}$/.test(messageId)) throw notFoundError();
    const key = { patientId: patient.id, id: messageId };
    const text = await deps.texts.get(key);
    if (!text || text.kind !== 'callback_request') throw notFoundError();
    const by = { id: actor.userId, name: await staffName(deps, actor) };
    const at = deps.clock.now().toISOString();
    if ((await deps.committer.commit(resolvedPlan(key, organization.id, by, at))) !== 'committed') {
      throw fail('callbackResolved');
    }
    return {
      message: toPatientText({
        ...text,
        callbackStatus: 'resolved',
        resolvedAt: at,
        resolvedBy: by.id,
        resolvedByName: by.name,
        updatedAt: at,
      }),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Twilio webhooks

export interface TextWebhookDeps extends Pick<TextDeps, 'patients' | 'texts' | 'clock' | 'committer'> {
  ids: Ids;
  organizations: Pick<TextOrganizations, 'ownerOfSender'>;
  /**
   * The deployment's own sender (E.164 or `MG…`): every practice texted from it before each had
   * its own, and staff notifications still go from it.
   */
  legacySender: string;
}

/** Who a webhook's text is between: the patient's number and CareLoop's sender. */
export interface TextParties {
  /** The CareLoop number (E.164): `To` of an inbound text, `From` of a status callback; null when not a number. */
  number: string | null;
  /** The Messaging Service the number belongs to, when Twilio names one. */
  messagingServiceSid: string | null;
}

/**
 * The organization a sender belongs to (one Get by number, a second by Messaging Service when the
 * number is not registered itself); `legacy` for the deployment's shared sender; null when unknown.
 */
async function senderOwner(deps: TextWebhookDeps, parties: TextParties): Promise<string | 'legacy' | null> {
  const byNumber = parties.number ? await deps.organizations.ownerOfSender(parties.number) : null;
  if (byNumber) return byNumber;
  const service = parties.messagingServiceSid;
  const byService = service ? await deps.organizations.ownerOfSender(service) : null;
  if (byService) return byService;
  return parties.number === deps.legacySender || service === deps.legacySender ? 'legacy' : null;
}

export interface DeliveryStatus extends TextParties {
  messageSid: string;
  status: string;
  errorCode: string | null;
}

/**
 * A status callback: applied once and only forward, and only to a text of the organization that
 * owns the sender it came from (the deployment's shared sender: texts sent before each practice had
 * its own). Texts CareLoop doesn't know (notifications) are ignored; an unknown sender changes nothing.
 */
export async function recordTextStatus(
  deps: TextWebhookDeps,
  update: DeliveryStatus,
): Promise<'updated' | 'ignored' | 'unknown' | 'unknown_sender'> {
  const status = TEXT_STATUSES.find((s) => s === update.status && s !== 'sending' && s !== 'received');
  if (!status) return 'ignored';
  const [owner, key] = await Promise.all([senderOwner(deps, update), deps.texts.findBySid(update.messageSid)]);
  if (owner === null) return 'unknown_sender';
  if (!key) return 'unknown';
  if (owner !== 'legacy') {
    const text = await deps.texts.get(key);
    if (text?.providerId !== owner) return 'unknown_sender';
  }
  const errorCode = update.errorCode ? `twilio.${update.errorCode}` : null;
  const plan = deliveryPlan(key, status as TextStatus, errorCode, deps.clock.now().toISOString());
  if (plan === 'ignored') return plan;
  const outcome = await deps.committer.commit(plan);
  if (outcome === 'conflict') throw new Error('text status update failed');
  return outcome === 'committed' ? 'updated' : outcome;
}

export interface InboundText extends TextParties {
  messageSid: string;
  /** The patient's number, E.164. */
  from: string;
  body: string;
}

/**
 * The most patients one inbound text is stored on: each takes a text and an open callback in the
 * one transaction (at most 100 items), beside the MessageSid, the opt-out and two counters. A number
 * shared by more of one practice's patients reaches the most recently texted 40.
 */
export const INBOUND_PATIENT_LIMIT = 40;

/** The most invited patients one YES or NO answers for (three items each in its transaction). */
const ANSWERING_PATIENT_LIMIT = 10;

/**
 * A number as Twilio writes it (E.164), read by the one phone rule (`toE164`): a stored US number
 * without its country code (`8135550142`, `(813) 555-0142`, kept from before the migration job) gets
 * +1; a number no rule reads is only stripped of its formatting, so it still equals itself.
 */
export const canonicalPhone = (phone: string): string => toE164(phone) ?? phone.replace(/[\s\-().]/g, '');

/** The organization a reply to a sender belongs to: the sender's owner, or for the shared sender the latest to text the number. */
function replyOrganization(owner: string | 'legacy', contacts: readonly SmsContact[]): string | null {
  if (owner !== 'legacy') return owner;
  const latest = [...contacts].sort((a, b) => b.lastTextedAt.localeCompare(a.lastTextedAt))[0];
  return latest?.providerId ?? null;
}

export type InboundOutcome =
  | { outcome: 'stored' | 'duplicate'; reply: string | null; patients: number }
  | { outcome: 'unknown_sender'; reply: null; patients: 0 };

/**
 * An inbound text, resolved by its `To` to exactly one organization: it is stored on that
 * organization's patients with that number (each once), never another's. STOP-family keywords opt
 * the number out, START opts it back in (in the same transaction), HELP gets the help text; a YES
 * or NO from a patient invited to enrol moves them to interested or declined once the text is
 * stored, and is answered in their language; anything else is a callback request. An unknown
 * number gets the generic help reply and learns nothing; a text to a sender no organization owns
 * changes nothing and gets no reply. A MessageSid seen before gets no second reply.
 */
export async function receiveInboundText(deps: TextWebhookDeps, inbound: InboundText): Promise<InboundOutcome> {
  const owner = await senderOwner(deps, inbound);
  if (owner === null) return { outcome: 'unknown_sender', reply: null, patients: 0 };
  const said = inboundKeyword(inbound.body);
  const keyword = said?.keyword ?? null;
  const now = deps.clock.now();
  const at = now.toISOString();
  const from = canonicalPhone(inbound.from);
  const contacts = await deps.texts.contactsOf(from);
  const organizationId = replyOrganization(owner, contacts);
  const ofOrganization = contacts
    .filter((c) => c.providerId === organizationId)
    .sort((a, b) => b.lastTextedAt.localeCompare(a.lastTextedAt))
    .slice(0, INBOUND_PATIENT_LIMIT);
  const patients = await deps.patients.getMany([...new Set(ofOrganization.map((c) => c.patientId))]);
  // Only patients who still have this number, in the organization the text was sent to.
  const known = patients.filter(
    (p) =>
      p.status === 'active' &&
      p.provider_id === organizationId &&
      p.phone_number !== null &&
      canonicalPhone(p.phone_number) === from,
  );
  // A YES or NO from a patient invited to enrol is their answer (DECISIONS "Enrollment"), not a callback request.
  const reply = keyword ? null : readInvitationReply(inbound.body);
  const invited = reply ? known.filter((p) => p.enrollmentStage === 'invited').slice(0, ANSWERING_PATIENT_LIMIT) : [];
  const answerKind = reply?.answer === 'yes' ? 'enrollment_yes' : 'enrollment_no';
  const kindOf = (p: PatientRecord) => keyword ?? (invited.includes(p) ? answerKind : 'callback_request');
  const texts: TextRecord[] = known.map((p, index) => ({
    patientId: p.id,
    id: textId(new Date(now.getTime() + index)),
    providerId: p.provider_id,
    direction: 'inbound',
    kind: kindOf(p),
    status: 'received',
    body: inbound.body.slice(0, 1600),
    includedCallLink: false,
    month: null,
    messageSid: inbound.messageSid,
    errorCode: null,
    sentBy: null,
    sentByName: null,
    callbackStatus: kindOf(p) === 'callback_request' ? 'open' : null,
    resolvedAt: null,
    resolvedBy: null,
    resolvedByName: null,
    createdAt: at,
    updatedAt: at,
  }));
  const optOut = keyword === 'stop' || keyword === 'start' ? { phoneNumber: from, optedOut: keyword === 'stop' } : null;
  // The webhook writes as CareLoop naming Twilio: a STOP or START, or a text kept on the patient's record.
  const action = keyword === 'stop' ? 'text.opt_out' : keyword === 'start' ? 'text.opt_in' : 'text.receive';
  const audit = texts.map((t) =>
    systemEvent(
      'twilio-webhook',
      t.kind === 'enrollment_yes' || t.kind === 'enrollment_no' ? 'enrollment.answer' : action,
      { type: 'patient', id: t.patientId },
      t.patientId,
      deps.ids.newId(),
      at,
    ),
  );
  const recorded = await deps.committer.commit(inboundPlan(inbound.messageSid, texts, optOut, at, audit));
  if (recorded === 'duplicate') return { outcome: 'duplicate', reply: null, patients: 0 };
  // Only the MessageSid's item has a condition that a retry meets; anything else is a fault.
  if (recorded !== 'committed') throw new Error('inbound text transaction canceled');
  if (reply && invited[0]) {
    // Its own transaction, so the text's (up to 100 items) never outgrows DynamoDB's bound; a patient
    // whose stage moved meanwhile (consent recorded) is left where it is.
    await commitStageMove(deps.committer, (copy) => ({
      transaction: stageMoveWrites(invited, 'invited', answeredStage(reply.answer), at, copy),
      afterCommit: [],
    }));
    // In the language the word was said in, else the patient's (NO is both languages' word).
    const language = reply.language ?? invited[0].preferred_language ?? DEFAULT_LANGUAGE;
    return { outcome: 'stored', reply: INVITATION_TEXTS[language][reply.answer], patients: texts.length };
  }
  // A keyword is answered in the language it was said in; anything else in English for now.
  const replies = SMS_REPLIES_BY_LANGUAGE[said?.language ?? 'en'];
  const answer = keyword ? replies[keyword] : known.length > 0 ? replies.callback : replies.help;
  return { outcome: 'stored', reply: answer, patients: texts.length };
}
