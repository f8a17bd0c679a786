/**
 * Notifications after a call (product-rules.md "Summaries, escalations and notifications"): every active
 * provider user of the call's organization hears of an Emergent or Urgent escalation through the
 * channels of their `escalations` preference, and of every new summary through their
 * `new_summaries` channels (a channel that carried the escalation carries nothing else for the
 * call). E-mail, text or a short spoken alert; each message has the summary link and no PHI beyond
 * the patient's first name.
 *
 * Each notification is sent once, whatever the retries: its record (call, user, channel) is taken
 * conditionally before the send and marked sent after. A failed send is marked failed and, once
 * every channel has been tried, the run throws so the event is delivered again; the next run sends
 * only what is not sent. An Emergent escalation that reached nobody raises an on-call signal.
 */
import { EMERGENCY_CALLBACK_MINUTES } from '../../shared/warm-transfer';
import type { EscalationLevel } from '../../shared/values/calls';
import type { NotificationChannel } from '../../shared/values/notifications';
import { logger } from '../kernel/observability';
import { effectiveSettings } from '../kernel/settings-in-force';
import { createSummaryLink } from '../kernel/links';
import { leaseCallWrite, leaseReleaseWrites, leaseTakeWrites } from '../kernel/read-models/call-lines';
import type { WriteCommitter } from '../kernel/write-plan';
import { failedPlan, firstClaimPlan, retakePlan, sentPlan } from './notification-plans';
import {
  type AlertCaller,
  type EmailSender,
  type NotificationKey,
  type NotificationReason,
  type NotificationRepository,
  type OnCallSignals,
  type OrganizationStaff,
  type StaffTextSender,
} from './ports';
import { MessageSendError } from '../kernel/vendor-errors';
import { VoiceAgentError } from '../kernel/vendor-errors';
import type { CallLogLookup, PatientLookup } from '../kernel/access';
import { type CallLogRecord } from '../kernel/records/call-log';
import type { Clock, Ids } from '../kernel/ports';
import type { SettingsLookup } from '../kernel/settings-in-force';
import type { UserProfileRecord } from '../kernel/records/user-profile';

export interface NotifyDeps {
  callLogs: CallLogLookup;
  patients: PatientLookup;
  profiles: OrganizationStaff;
  settings: SettingsLookup;
  notifications: NotificationRepository;
  committer: WriteCommitter;
  clock: Clock;
  email: EmailSender;
  sms: StaffTextSender;
  voice: AlertCaller;
  /** The deployment's Vapi concurrency: a spoken alert holds one of its lines while it rings and speaks. */
  callLines: number;
  ids: Ids;
  /** The deployment's assistant, used for spoken alerts until an operator saves System Settings. */
  defaultAssistantId: string;
  /** The web app's origin (`https://…`, no trailing slash): summary links are absolute. */
  webOrigin: string;
  signals: OnCallSignals;
}

/** Who created the links the notifier sends (the link record's `createdBy`). */
export const NOTIFIER = 'notify-call';
/**
 * A notification left `sending` this long ago belongs to a run that died mid-send (the job times
 * out after 60 s): the next run takes it again. Younger ones belong to a run still going.
 */
export const SENDING_LEASE_MS = 90_000;
/** Sends at a time: vendors' per-second limits stay far away, a large practice still fits the timeout. */
const CONCURRENT_SENDS = 4;

const ESCALATION_LEVELS: readonly EscalationLevel[] = ['Emergent', 'Urgent'];

export interface NotifyOutcome {
  /** Why the call notifies nobody, or null when it does. */
  skipped: 'no_call' | 'not_completed' | 'no_summary' | null;
  /** Sent by this run. */
  sent: number;
  /** Sent by an earlier run (a retry or a second delivery of the event). */
  alreadySent: number;
  /** Failed in this run, with their codes (ids and codes only). */
  failed: { userId: string; channel: NotificationChannel; code: string }[];
  /** Held by another run still sending. */
  busy: number;
  /** Somebody has heard of the escalation (an escalation message went out, now or before). */
  escalationNotified: boolean;
}

/** Thrown after every channel was tried, so the event is delivered again (codes only in the message). */
export class NotificationsIncomplete extends Error {
  constructor(readonly outcome: NotifyOutcome) {
    super(`notifications incomplete: ${outcome.failed.length} failed, ${outcome.busy} busy`);
    this.name = 'NotificationsIncomplete';
  }
}

/** A send that can never succeed as things stand (the profile has no address for the channel). */
const MISSING_ADDRESS = { email: 'recipient.no_email', sms: 'recipient.no_phone', call: 'recipient.no_phone' } as const;

interface Delivery {
  user: UserProfileRecord;
  channel: NotificationChannel;
  reason: NotificationReason;
}

/** Who gets what for this call: escalation channels first, then new-summary channels not already used. */
export function plannedDeliveries(users: readonly UserProfileRecord[], escalation: boolean): Delivery[] {
  const recipients = users.filter((u) => u.role === 'provider' && u.status === 'active');
  const escalations = escalation
    ? recipients.flatMap((user) =>
        [...new Set(user.notification_preferences.escalations)].map((channel): Delivery => ({
          user,
          channel,
          reason: 'escalation',
        })),
      )
    : [];
  const summaries = recipients.flatMap((user) => {
    const taken = new Set(escalation ? user.notification_preferences.escalations : []);
    return [...new Set(user.notification_preferences.new_summaries)]
      .filter((channel) => !taken.has(channel))
      .map((channel): Delivery => ({ user, channel, reason: 'new_summary' }));
  });
  return [...escalations, ...summaries];
}

export interface NotificationMessage {
  subject: string;
  text: string;
  html: string;
  sms: string;
  /** What the spoken alert says first. */
  spoken: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** What an escalation alert adds when the emergent call's warm transfer reached nobody (DECISIONS "Warm transfer"). */
export const UNANSWERED_TRANSFER_ALERT = `The transfer to the on-call number was not answered: call the patient back within ${EMERGENCY_CALLBACK_MINUTES} minutes`;

/**
 * The words of each channel: the patient's first name and the link, nothing else about the patient;
 * an escalation whose warm transfer nobody answered says the callback is due.
 */
export function notificationMessage(
  reason: NotificationReason,
  level: EscalationLevel | null,
  firstName: string,
  link: string,
  transferUnanswered = false,
): NotificationMessage {
  const escalation = reason === 'escalation' && level !== null;
  const callback = escalation && transferUnanswered ? `. ${UNANSWERED_TRANSFER_ALERT}` : '';
  const headline = escalation
    ? `${level} escalation for your patient ${firstName}${callback}`
    : `A new call summary for your patient ${firstName} is ready`;
  const footer = 'You will be asked to sign in. The link works for 30 days.';
  return {
    subject: escalation ? `${level} escalation: ${firstName}` : `New call summary: ${firstName}`,
    text: `${headline}.\n\nOpen the call summary:\n${link}\n\n${footer}\n\nCareLoop`,
    html:
      `<p>${escapeHtml(headline)}.</p>` +
      `<p><a href="${escapeHtml(link)}">Open the call summary</a></p>` +
      `<p>${escapeHtml(footer)}</p><p>CareLoop</p>`,
    sms: escalation
      ? `CareLoop: ${level} escalation for ${firstName}${callback}. ${link}`
      : `CareLoop: new call summary for ${firstName}. ${link}`,
    spoken: escalation
      ? `This is CareLoop with an ${level.toLowerCase()} escalation for one of your patients, ${firstName}${callback}. ` +
        'Please open the summary link sent to you.'
      : `This is CareLoop. A new call summary is ready for one of your patients, ${firstName}. ` +
        'Please open it in CareLoop.',
  };
}

/** The spoken alert's instructions: say the alert, nothing more (the assistant knows nothing else). */
export const ALERT_SYSTEM_PROMPT =
  "You are CareLoop's alert line, calling a member of a care team. You have just said the alert. " +
  'If asked, repeat it once. You know nothing else about the patient: do not discuss anything else, ' +
  'and end the call politely.';

/** What Vapi's metadata names a spoken alert by: never the patient's call, whose webhooks it must not move. */
export const alertCallId = (callLogId: string, userId: string) => `alert-${callLogId}-${userId}`;

const notificationKey = (callLogId: string, delivery: Pick<Delivery, 'user' | 'channel'>): NotificationKey => ({
  callLogId,
  userId: delivery.user.id,
  channel: delivery.channel,
});

/** On `call.completed`: notifies the organization's provider users of the call's summary and escalation. */
export async function notifyCall(deps: NotifyDeps, callLogId: string): Promise<NotifyOutcome> {
  const outcome: NotifyOutcome = {
    skipped: null,
    sent: 0,
    alreadySent: 0,
    failed: [],
    busy: 0,
    escalationNotified: false,
  };
  const log = await deps.callLogs.get(callLogId);
  if (!log) return { ...outcome, skipped: 'no_call' };
  if (log.status !== 'completed') return { ...outcome, skipped: 'not_completed' };
  if (!log.summary?.trim()) {
    // Nothing to link to; an Emergent escalation without a summary still must not pass unseen.
    if (log.escalation_level === 'Emergent') raiseUnnotified(deps, log, 0, 0);
    return { ...outcome, skipped: 'no_summary' };
  }

  const escalation = log.escalation_level !== null && ESCALATION_LEVELS.includes(log.escalation_level);
  const [users, records] = await Promise.all([
    deps.profiles.listByOrganization(log.provider_id),
    deps.notifications.listByCall(log.id),
  ]);
  const sentBefore = new Set(records.filter((r) => r.status === 'sent').map((r) => `${r.userId}|${r.channel}`));
  const planned = plannedDeliveries(users, escalation);
  const toSend: Delivery[] = [];
  for (const delivery of planned) {
    if (sentBefore.has(`${delivery.user.id}|${delivery.channel}`)) {
      outcome.alreadySent++;
      if (delivery.reason === 'escalation') outcome.escalationNotified = true;
    } else {
      toSend.push(delivery);
    }
  }

  if (toSend.length > 0) {
    // One link for every message of this run; only its hash is stored.
    const [patient, path] = await Promise.all([
      deps.patients.get(log.patient_id),
      createSummaryLink(deps, log.id, log.provider_id, log.patient_id, NOTIFIER),
    ]);
    const context: SendContext = {
      log,
      firstName: patient?.first_name.trim() || 'a patient',
      link: `${deps.webOrigin}${path}`,
    };
    await inBatches(toSend, CONCURRENT_SENDS, (delivery) => deliver(deps, context, delivery, outcome));
  }

  if (log.escalation_level === 'Emergent' && !outcome.escalationNotified && outcome.busy === 0) {
    raiseUnnotified(deps, log, planned.filter((d) => d.reason === 'escalation').length, outcome.failed.length);
  }
  if (outcome.failed.some((f) => !isPermanent(f.code)) || outcome.busy > 0) throw new NotificationsIncomplete(outcome);
  return outcome;
}

function raiseUnnotified(deps: NotifyDeps, log: CallLogRecord, deliveries: number, failed: number): void {
  deps.signals.emergentEscalationUnnotified(log.id);
  logger.error('emergent escalation reached nobody', { callLogId: log.id, deliveries, failed });
}

interface SendContext {
  log: CallLogRecord;
  firstName: string;
  link: string;
}

const isPermanent = (code: string) => code.startsWith('recipient.');

/** Vapi ends a spoken alert after this long: it says the alert, repeats it once if asked, and ends. */
export const ALERT_MAX_SECONDS = 120;
/**
 * How long an alert's line lease lasts past its longest talk: the ringing before it is answered (or
 * not), and Vapi's own delay. The reconciler gives the line back after it if no word of its end came.
 */
export const ALERT_LEASE_MARGIN_MS = 5 * 60_000;
/** The failure code of an alert that found every call line in use (tried again with the event). */
export const LINES_BUSY = 'lines.busy';

class LinesBusy extends Error {
  constructor() {
    super(LINES_BUSY);
    this.name = 'LinesBusy';
  }
}

async function deliver(deps: NotifyDeps, context: SendContext, delivery: Delivery, outcome: NotifyOutcome) {
  const { log } = context;
  const key = notificationKey(log.id, delivery);
  const now = deps.clock.now();
  const claim = await claimNotification(deps, key, delivery.reason, now);
  if (claim === 'busy') {
    outcome.busy++;
    return;
  }
  if (claim === 'sent') {
    outcome.alreadySent++;
    if (delivery.reason === 'escalation') outcome.escalationNotified = true;
    return;
  }
  let providerMessageId: string;
  try {
    providerMessageId = await send(deps, context, delivery);
  } catch (error) {
    const code = failureCode(error);
    // Marked failed unless another delivery sent it meanwhile (`already_sent`): nothing to undo then.
    await deps.committer.commit(failedPlan(key, code, deps.clock.now().toISOString()));
    outcome.failed.push({ userId: delivery.user.id, channel: delivery.channel, code });
    logger.warn('notification not sent', {
      callLogId: log.id,
      userId: delivery.user.id,
      channel: delivery.channel,
      code,
    });
    return;
  }
  if ((await deps.committer.commit(sentPlan(key, providerMessageId, deps.clock.now().toISOString()))) !== 'committed') {
    throw new Error('notification not marked sent');
  }
  outcome.sent++;
  if (delivery.reason === 'escalation') outcome.escalationNotified = true;
}

/**
 * Takes a notification before it is sent: creates it `sending`, or takes again one that `failed` or
 * one left `sending` for longer than the lease (a delivery that died mid-send), only as it was read.
 * `sent` when it went out before; `busy` when another delivery holds it.
 */
async function claimNotification(
  deps: Pick<NotifyDeps, 'notifications' | 'committer'>,
  key: NotificationKey,
  reason: NotificationReason,
  now: Date,
): Promise<'claimed' | 'sent' | 'busy'> {
  const at = now.toISOString();
  if ((await deps.committer.commit(firstClaimPlan(key, reason, at))) === 'committed') return 'claimed';
  const retake = retakePlan(
    await deps.notifications.get(key),
    at,
    new Date(now.getTime() - SENDING_LEASE_MS).toISOString(),
  );
  if (retake === 'sent' || retake === 'busy') return retake;
  return (await deps.committer.commit(retake)) === 'committed' ? 'claimed' : 'busy';
}

class MissingAddress extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = 'MissingAddress';
  }
}

async function send(deps: NotifyDeps, context: SendContext, delivery: Delivery): Promise<string> {
  const { log, firstName, link } = context;
  const { user, channel } = delivery;
  const unanswered = !!log.transfer && log.transfer.status !== 'answered';
  const message = notificationMessage(delivery.reason, log.escalation_level, firstName, link, unanswered);
  const idempotencyKey = `${log.id}_${user.id}_${channel}`;
  const address = channel === 'email' ? user.email.trim() : (user.phone_number?.trim() ?? '');
  if (!address) throw new MissingAddress(MISSING_ADDRESS[channel]);
  switch (channel) {
    case 'email': {
      const { messageId } = await deps.email.send({
        to: address,
        subject: message.subject,
        text: message.text,
        html: message.html,
        idempotencyKey,
      });
      return messageId;
    }
    case 'sms': {
      const { messageSid } = await deps.sms.send({ to: address, body: message.sms, idempotencyKey });
      return messageSid;
    }
    case 'call': {
      const settings = await effectiveSettings(deps);
      const leaseId = await takeAlertLine(deps);
      let vendorCallId: string;
      try {
        ({ vendorCallId } = await deps.voice.placeCall({
          callLogId: alertCallId(log.id, user.id),
          patientId: log.patient_id,
          organizationId: log.provider_id,
          customerNumber: address,
          assistantId: settings.assistantId,
          voiceId: settings.voiceId,
          systemPrompt: ALERT_SYSTEM_PROMPT,
          firstMessage: message.spoken,
          // CareLoop's own call without a call log: only its status comes back, for its line.
          audience: 'staff',
          voicemailMessage: null,
          lineLeaseId: leaseId,
          maxDurationSeconds: ALERT_MAX_SECONDS,
        }));
      } catch (error) {
        // Vapi did not take the call (or did not say): its line goes back now, as a patient call's does.
        await deps.committer.commit({ transaction: leaseReleaseWrites(leaseId), afterCommit: [] });
        throw error;
      }
      await nameAlertCall(deps, leaseId, vendorCallId);
      return vendorCallId;
    }
  }
}

/**
 * The Vapi call a lease holds its line for, so that its `ended` gives the line back. The alert is
 * placed whatever happens here: a lease not named (refused: given back meanwhile; or the table did
 * not answer) is freed by its time, and failing the send would only place a second alert.
 */
async function nameAlertCall(deps: Pick<NotifyDeps, 'committer'>, leaseId: string, vendorCallId: string) {
  try {
    await deps.committer.commit({ transaction: [leaseCallWrite(leaseId, vendorCallId)], afterCommit: [] });
  } catch (error) {
    logger.warn('alert lease not named', { leaseId, code: error instanceof Error ? error.name : 'unknown' });
  }
}

/**
 * One of the deployment's call lines for a spoken alert (DECISIONS "Outreach capacity"), as a person's
 * call takes it (every line of the budget), under a new lease; with every line in use the alert fails
 * as `lines.busy` and is tried again with the event, like any failed send.
 */
async function takeAlertLine(deps: Pick<NotifyDeps, 'callLines' | 'ids' | 'clock' | 'committer'>): Promise<string> {
  const now = deps.clock.now();
  const leaseId = deps.ids.newId();
  const until = new Date(now.getTime() + ALERT_MAX_SECONDS * 1000 + ALERT_LEASE_MARGIN_MS).toISOString();
  const lease = { leaseId, holder: 'alert', takenAt: now.toISOString(), until };
  const taken = await deps.committer.commit({
    transaction: leaseTakeWrites(deps.callLines, lease, 'lines_busy'),
    afterCommit: [],
  });
  if (taken !== 'committed') throw new LinesBusy();
  return leaseId;
}

/** A code for the record and the log: never an error's message (vendors quote addresses and bodies). */
function failureCode(error: unknown): string {
  if (error instanceof LinesBusy) return LINES_BUSY;
  if (error instanceof MissingAddress || error instanceof MessageSendError) return error.code;
  if (error instanceof VoiceAgentError) return `vapi.${error.kind}.${error.detail}`;
  return `internal.${error instanceof Error ? error.name : 'unknown'}`;
}

async function inBatches<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
