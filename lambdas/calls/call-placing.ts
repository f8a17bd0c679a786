/**
 * The steps of placing and scheduling a call, shared by staff's call use cases, call links, the
 * call lifecycle jobs and notifications (product-rules.md "Calls"): the settings in force, what
 * the assistant is told, handing a call to Vapi, and storing a scheduled call with its schedule.
 */
import { CALL_TEXTS, renderPrompt, withFixedParts } from '../../shared/values/settings';
import { CALL_MESSAGES } from '../../shared/call-messages';
import { nextCheckIn } from '../../shared/call-times';
import { EMPTY_CARE_PLAN, carePlanPrompt } from '../../shared/care-plan';
import { monitoredMeasures } from '../../shared/observations/rules';
import type { Actor } from '../kernel/actor';
import { AppError } from '../kernel/app-error';
import { derivedId, newCallLog } from '../kernel/records/call-log';
import { dailyCapOf } from '../kernel/read-models/daily-caps';
import { placeCallLog } from '../kernel/call-log-writes';
import { fail, inUserWords, overDailyLimit } from '../kernel/error-catalogue';
import type { AuditLog } from '../kernel/audit-entry';
import type {
  CallLogRepository,
  CallOrganizations,
  CallPatients,
  CallScheduler,
  ScriptDocuments,
  TransferOffer,
  VoiceAgent,
} from './ports';
import { CLINICIAN_BRIEFING_PROMPT, TRANSFER_WORDS, transferPromptPart } from '../../shared/warm-transfer';
import type { PreferredLanguage } from '../../shared/enrollment/patient-fields';
import type { CallLogRecord } from '../kernel/records/call-log';
import type { Clock, Ids } from '../kernel/ports';
import type { OrganizationRef } from '../kernel/records/organization';
import type { PatientRecord } from '../kernel/records/patient';
import { effectiveSettings, type SettingsLookup } from '../kernel/settings-in-force';
import type { WriteCommitter } from '../kernel/write-plan';
import { cancelScheduledPlan, failedPlan, scheduledCallPlan, vendorCallIdPlan } from './call-plans';
import { enrollmentScript } from './enrollment-script';

export interface CallDeps {
  patients: CallPatients;
  organizations: CallOrganizations;
  documents: ScriptDocuments;
  callLogs: CallLogRepository;
  settings: SettingsLookup;
  audit: AuditLog;
  clock: Clock;
  ids: Ids;
  committer: WriteCommitter;
}
/** What building a call's script needs: the settings, and the deployment's default assistant. */
export interface ScriptDeps extends CallDeps {
  defaultAssistantId: string;
}
/** The deployment's budget of call lines (VAPI_CONCURRENCY, DECISIONS "Outreach capacity"). */
export interface CallLineDeps {
  callLines: number;
}
export type PlacingDeps = ScriptDeps & CallLineDeps & { voice: VoiceAgent };
export type SchedulingDeps = CallDeps & { scheduler: CallScheduler };

/**
 * What the assistant is told about the patient: the fixed parts (who is calling, stop calling,
 * voicemail) and the settings prompt, with the variables filled in; what a voicemail hears; and, on
 * the phone to a patient of an organization with an on-call number, the warm transfer it may make.
 * The patient's preferred language chooses the words said and the fixed parts (DECISIONS "Languages").
 */
export async function callScript(
  deps: ScriptDeps,
  patient: PatientRecord,
  organization: OrganizationRef,
  channel: 'phone' | 'web' = 'phone',
) {
  const [settings, carePlan, emrNotes, practice] = await Promise.all([
    effectiveSettings(deps),
    deps.documents.get('care_plan', patient.id),
    deps.documents.get('emr_notes', patient.id),
    deps.organizations.get(organization.id),
  ]);
  const values = {
    patientName: patient.first_name,
    providerName: organization.name,
    carePlan: carePlan ? carePlanPrompt(carePlan.plan ?? EMPTY_CARE_PLAN, carePlan.content) : 'No care plan on file.',
    hasCarePlan: carePlan ? 'true' : 'false',
    emrNotes: emrNotes?.content ?? 'No EMR notes on file.',
  };
  const telephone = practice?.telephone?.trim();
  const language = patient.preferred_language ?? 'en';
  const texts = CALL_TEXTS[language];
  // A web call's patient is in a browser: there is no phone line to transfer.
  const onCall = channel === 'phone' ? (practice?.on_call_number ?? null) : null;
  const transfer = transferOffer(onCall, language);
  const systemPrompt = renderPrompt(withFixedParts(settings.systemPrompt, language), values);
  return {
    settings,
    language,
    measures: monitoredMeasures(carePlan?.plan?.conditions.map((c) => c.code) ?? []),
    transfer,
    systemPrompt: transfer ? `${systemPrompt}\n\n${transferPromptPart(transfer.words)}` : systemPrompt,
    firstMessage: renderPrompt(texts.firstMessage, values),
    // Only the practice's name and number: never the patient's name or anything about their health.
    voicemailMessage: telephone
      ? renderPrompt(texts.voicemailMessage, values).replace('{{practicePhone}}', telephone)
      : renderPrompt(texts.voicemailMessageWithoutNumber, values),
  };
}

/** A check-in's script as the parts of the call's request. */
async function checkInRequest(deps: ScriptDeps, patient: PatientRecord, organization: OrganizationRef) {
  const script = await callScript(deps, patient, organization);
  return {
    assistantId: script.settings.assistantId,
    voiceId: script.settings.voiceId,
    systemPrompt: script.systemPrompt,
    firstMessage: script.firstMessage,
    voicemailMessage: script.voicemailMessage,
    measures: script.measures,
    language: script.language,
    transfer: script.transfer,
  };
}

/**
 * The warm transfer a phone check-in may make (DECISIONS "Warm transfer"): to the organization's
 * on-call number, in the patient's language; none without a number (the call behaves as before).
 */
export function transferOffer(onCallNumber: string | null, language: PreferredLanguage): TransferOffer | null {
  return onCallNumber
    ? { number: onCallNumber, words: TRANSFER_WORDS[language], briefing: CLINICIAN_BRIEFING_PROMPT }
    : null;
}

/**
 * Hands a queued call log to Vapi and stores Vapi's id; throws what Vapi threw and leaves the log
 * as it is (the caller fails it, or puts a scheduled call back when every line was busy).
 */
export async function handToVapi(
  deps: PlacingDeps,
  log: CallLogRecord,
  patient: PatientRecord,
  organization: OrganizationRef,
): Promise<CallLogRecord> {
  if (!patient.phone_number) throw fail('callNoPhone');
  const request =
    log.kind === 'enrollment'
      ? await enrollmentScript(deps, patient, organization)
      : await checkInRequest(deps, patient, organization);
  const { vendorCallId } = await deps.voice.placeCall({
    callLogId: log.id,
    patientId: patient.id,
    organizationId: organization.id,
    customerNumber: patient.phone_number,
    audience: 'patient',
    // An enrollment call has its own reviewed script; every other call speaks the care plan.
    ...request,
  });
  const at = deps.clock.now().toISOString();
  await deps.committer.commit(vendorCallIdPlan(log.id, vendorCallId, at, request.transfer?.number));
  return { ...log, vendor_call_id: vendorCallId, updated_at: at };
}

/**
 * Hands a queued call log to Vapi. On failure the call log is failed with the reason staff will
 * read (all lines busy: "All call lines are busy..."), its call line and the patient's lock are
 * released, and the error is thrown in the user's words.
 */
export async function dial(
  deps: PlacingDeps,
  log: CallLogRecord,
  patient: PatientRecord,
  organization: OrganizationRef,
): Promise<CallLogRecord> {
  try {
    return await handToVapi(deps, log, patient, organization);
  } catch (error) {
    return failPlacement(deps, log.id, error);
  }
}

/**
 * A call that could not be placed or ended without a report: failed with the reason staff read and
 * the patient's lock released, while it is queued or running; anything else is left as it is.
 */
export async function failCall(
  deps: Pick<CallDeps, 'callLogs' | 'clock' | 'committer'>,
  callLogId: string,
  reason: string,
): Promise<void> {
  const log = await deps.callLogs.get(callLogId);
  if (!log || (log.status !== 'queued' && log.status !== 'in_progress')) return;
  await deps.committer.commit(failedPlan(log, reason, deps.clock.now().toISOString()));
}

/**
 * A call the voice platform did not take: its log is failed with the reason staff will read, the
 * patient's lock released, and the error thrown again in the user's words.
 */
export async function failPlacement(
  deps: Pick<CallDeps, 'callLogs' | 'clock' | 'committer'>,
  callLogId: string,
  error: unknown,
): Promise<never> {
  const words = inUserWords(error);
  const appError = words instanceof AppError ? words : null;
  await failCall(deps, callLogId, appError?.message ?? CALL_MESSAGES.voiceServiceFailed);
  throw appError ?? error;
}

/**
 * A call staff place now (Make Call, a web call, an enrollment call): its log, queued, holding the patient's
 * one-call-at-a-time lock, a slot of the practice's day and a call line (a person's call may use every
 * line), or the refusal in staff's words: with every line in use, 429 before Vapi is asked.
 */
export async function openStaffCall(
  deps: CallDeps & CallLineDeps,
  actor: Actor,
  patient: PatientRecord,
  organization: OrganizationRef,
  kind: 'instant' | 'web' | 'enrollment',
): Promise<CallLogRecord> {
  const at = deps.clock.now().toISOString();
  const log = newCallLog(
    {
      id: deps.ids.newId(),
      patient_id: patient.id,
      provider_id: organization.id,
      status: 'queued',
      kind,
      created_by: actor.userId,
      placed_at: at,
    },
    at,
  );
  const cap = await dailyCapOf(deps, organization, 'calls');
  const created = await placeCallLog(deps, log, cap, deps.callLines);
  if (created === 'conflict') throw fail('callInProgress');
  if (created === 'missing') throw fail('patientNotFound');
  if (created === 'capped') throw overDailyLimit('calls', cap.limit);
  if (created === 'lines_busy') throw fail('callLinesBusy');
  return log;
}

/** Stores a pending call and its one-time schedule; a schedule that can't be made undoes the call. */
export async function storeScheduledCall(deps: SchedulingDeps, log: CallLogRecord): Promise<'created' | 'exists'> {
  // Any refusal is the id's: the call is stored already (done before).
  if ((await deps.committer.commit(scheduledCallPlan(log))) !== 'committed') return 'exists';
  try {
    await deps.scheduler.schedule(log.id, new Date(log.scheduled_at ?? log.created_at));
  } catch (error) {
    await deps.committer.commit(cancelScheduledPlan(log.id, deps.clock.now().toISOString()));
    throw error;
  }
  return 'created';
}

/**
 * The next monthly check-in after `log` (product-rules.md "Calls"): an unanswered one is retried the next
 * day at the same hour (at most twice), anything else moves to the next month at the preferred
 * time. The new call's id is derived from the old one, so doing this twice creates one call.
 */
export async function scheduleNextCheckIn(
  deps: SchedulingDeps,
  log: CallLogRecord,
  organization: OrganizationRef,
  step: 'retry' | 'next_cycle',
): Promise<CallLogRecord | null> {
  const cadence = await deps.patients.getCadence(log.patient_id);
  if (!cadence || !cadence.enabled) return null;
  const previous = new Date(log.scheduled_at ?? log.created_at);
  const next = nextCheckIn({
    step,
    previousAt: previous,
    cycleDate: log.cycle_date ?? cadence.first_outreach_date,
    preference: cadence.time_preference,
    timeZone: organization.timezone,
  });
  const record = newCallLog(
    {
      id: derivedId(`${log.id}:${step}`),
      patient_id: log.patient_id,
      provider_id: log.provider_id,
      status: 'scheduled',
      kind: 'monthly',
      created_by: 'careloop',
      scheduled_at: next.at.toISOString(),
      time_preference: cadence.time_preference,
      cycle_date: next.cycleDate,
      attempt: step === 'retry' ? log.attempt + 1 : 0,
    },
    deps.clock.now().toISOString(),
  );
  await storeScheduledCall(deps, record);
  return record;
}
