/**
 * Reminders of scheduled calls (DECISIONS "Reminders", "Languages"): a text 24 hours before each
 * pending call (monthly check-ins and staff-scheduled calls alike), at once for a call scheduled
 * less than 24 hours ahead, in the patient's language, saying who will call and when (the
 * practice's time zone). Never to a number that opted out or past the month's texts, never twice
 * for one call and time, never for a call no longer pending at that time: a moved call is reminded
 * of its new time.
 *
 * Two jobs call `remindCall`, because the per-call schedule has one target only (placing the call):
 * the table's stream reminds at once of a call that becomes pending inside the 24 hours (scheduled
 * 10 minutes out, moved to tomorrow), and a recurring job reminds of the calls entering the 24
 * hours, found by one Query of the scheduled calls by due time. The conditional mark on the call
 * (`reminded_for`), written with the text's reservation, makes the two jobs and their retries one.
 */
import { TEXT_MONTHLY_LIMIT, reminderTextBody, type SmsLanguage } from '../../shared/texts';
import { monthIn } from '../../shared/time-preferences';
import { isWithinCallWindow } from '../../shared/call-times';
import { dailyCapOf, slotTaken } from '../kernel/read-models/daily-caps';
import { systemEvent } from '../kernel/audit-actors';
import type { Clock, Ids } from '../kernel/ports';
import type { WriteCommitter } from '../kernel/write-plan';
import { reminderDeclinedPlan, reminderPlan, reminderRetryPlan } from './text-plans';
import { refusalPlan, sendReserved, type ReservedText, type TextRefusal } from './text-sending';
import { canonicalPhone, outboundText } from './texts';
import type { ReminderCall, ReminderCalls, SmsSender, TextOrganizations, TextPatients } from './ports';

/** How long before its call a reminder goes. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

export interface ReminderDeps {
  calls: ReminderCalls;
  patients: TextPatients;
  organizations: TextOrganizations;
  clock: Clock;
  ids: Ids;
  committer: WriteCommitter;
  sms: SmsSender;
  /** Where Twilio posts delivery statuses (`twilioStatus`). */
  statusCallbackUrl: string;
}

/**
 * What became of one call's reminder: `sent`; not due (not pending, more than 24 hours ahead or
 * already due, reminded for that time); nobody to text (`inactive`, `no_phone`, `no_sender`), or
 * a monthly check-in that waits for the patient's consent, or an enrollment call (`no_consent`); `quiet_hours`: outside
 * the calling hours, sent by a later run;
 * refused for that time (`opted_out`, `limit`); `daily_limit`, `unavailable`: tried again by the
 * next run while the call is still ahead; `rejected`: Twilio refused the number.
 */
export type ReminderOutcome =
  | 'sent'
  | 'not_due'
  | 'inactive'
  | 'no_consent'
  | 'quiet_hours'
  | 'no_phone'
  | 'no_sender'
  | 'opted_out'
  | 'limit'
  | 'daily_limit'
  | 'unavailable'
  | 'rejected';

/** A call whose reminder is due now: pending, due within 24 hours but not yet, not reminded for that time. */
export function reminderDue(call: ReminderCall, now: Date): call is ReminderCall & { scheduledAt: string } {
  if (call.status !== 'scheduled' || !call.scheduledAt || call.remindedFor === call.scheduledAt) return false;
  const ahead = Date.parse(call.scheduledAt) - now.getTime();
  return ahead > 0 && ahead <= REMINDER_LEAD_MS;
}

/** The reminder of one call, if it is due (read again here: a job's view of the call may be old). */
export async function remindCall(deps: ReminderDeps, callId: string): Promise<ReminderOutcome> {
  const call = await deps.calls.get(callId);
  const now = deps.clock.now();
  if (!call || !reminderDue(call, now)) return 'not_due';
  const [patient, organization] = await Promise.all([
    deps.patients.get(call.patientId),
    deps.organizations.getRef(call.providerId),
  ]);
  if (patient?.status !== 'active' || organization?.status !== 'active') return 'inactive';
  // A check-in waiting for consent is not placed, and moves a day at a time: no text about it. An
  // enrollment call asks for interest before any consent: it is no check-in to be reminded of.
  if (call.kind === 'enrollment') return 'no_consent';
  if (call.kind === 'monthly' && patient.consent?.status !== 'accepted') return 'no_consent';
  // Texts keep the calling hours (8:00–21:00 in the practice's zone): outside them the recurring
  // job sends the reminder when they open, if the call is still ahead.
  if (!isWithinCallWindow(now, organization.timezone)) return 'quiet_hours';
  if (!patient.phone_number) return 'no_phone';
  // Never the deployment's shared sender: replies to it cannot tell practices apart.
  const sender = organization.sms_sender;
  if (!sender) return 'no_sender';
  const phone = canonicalPhone(patient.phone_number);
  const language: SmsLanguage = patient.preferred_language ?? 'en';
  const at = now.toISOString();
  const month = monthIn(organization.timezone, now);
  const scheduled = { id: call.id, scheduledAt: call.scheduledAt };
  const text = outboundText(
    {
      patientId: patient.id,
      providerId: organization.id,
      kind: 'reminder',
      body: reminderTextBody(language, {
        firstName: patient.first_name,
        organizationName: organization.name,
        scheduledAt: call.scheduledAt,
        timeZone: organization.timezone,
      }),
      includedCallLink: false,
      month,
      sentBy: null,
      sentByName: null,
    },
    now,
  );
  const audit = systemEvent(
    'call-reminders',
    'text.remind',
    { type: 'call', id: call.id },
    patient.id,
    deps.ids.newId(),
    at,
  );
  const cap = await dailyCapOf(deps, organization, 'texts');
  const reserved = await deps.committer.commit(reminderPlan(text, phone, TEXT_MONTHLY_LIMIT, cap, scheduled, audit));
  if (reserved === 'not_remindable') return 'not_due';
  if (reserved === 'daily_limit') return reserved;
  if (reserved === 'opted_out' || reserved === 'limit') {
    await deps.committer.commit(reminderDeclinedPlan(call.id, call.scheduledAt));
    return reserved;
  }
  if (reserved === 'conflict') throw new Error('reminder reservation canceled');
  slotTaken(cap);

  const reminder: ReservedText = {
    key: { patientId: patient.id, id: text.id },
    month,
    to: phone,
    sender,
    body: text.body,
  };
  // Twilio out of reach (or a fault of ours): the reminder is tried again on a later run.
  const reasonOf = (refusal: TextRefusal) => refusal.reason ?? 'unavailable';
  const { refusal } = await sendReserved(deps, reminder, (r) =>
    reasonOf(r) === 'unavailable'
      ? reminderRetryPlan(reminder.key, month, r.code, r.at, scheduled)
      : refusalPlan(reminder, r),
  );
  if (!refusal) return 'sent';
  const reason = reasonOf(refusal);
  return reason === 'unsubscribed' ? 'opted_out' : reason;
}

/** How many reminders of each outcome a run sent or passed over (ids and codes only, for the log). */
export type ReminderTally = Partial<Record<ReminderOutcome, number>>;

async function remindEach(deps: ReminderDeps, callIds: readonly string[]): Promise<ReminderTally> {
  const tally: ReminderTally = {};
  for (const id of new Set(callIds)) {
    const outcome = await remindCall(deps, id);
    tally[outcome] = (tally[outcome] ?? 0) + 1;
  }
  return tally;
}

/** The recurring job: the reminders of every pending call due within the next 24 hours not yet reminded. */
export async function remindDueCalls(deps: ReminderDeps): Promise<ReminderTally> {
  const now = deps.clock.now();
  const due = await deps.calls.dueBetween(
    now.toISOString(),
    new Date(now.getTime() + REMINDER_LEAD_MS + 1).toISOString(),
  );
  return remindEach(
    deps,
    due.filter((call) => reminderDue(call, now)).map((call) => call.id),
  );
}

/** The stream job: the reminders of the changed calls that are due now (scheduled or moved inside the 24 hours). */
export async function remindChangedCalls(deps: ReminderDeps, changed: readonly ReminderCall[]): Promise<ReminderTally> {
  const now = deps.clock.now();
  return remindEach(
    deps,
    changed.filter((call) => reminderDue(call, now)).map((call) => call.id),
  );
}
