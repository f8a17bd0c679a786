/**
 * Calls: placing, scheduling, cancelling and reading them (product-rules.md "Calls"). A call log is
 * written before anything is asked of Vapi, so no call happens without a record.
 */
import {
  DEFAULT_FIRST_MESSAGE,
  VOICE_PROVIDER,
  renderPrompt,
  type CallCreatedResponse,
  type CallDetailResponse,
  type CallLogDetail,
  type CallLogSummary,
  type CallPage,
  type PatientCallsResponse,
  type ScheduleOption,
  type WebCallConfigResponse,
} from '../../shared/calls';
import { EMPTY_CARE_PLAN, carePlanPrompt } from '../../shared/care-plan';
import { CALL_MESSAGES } from '../../shared/call-messages';
import { nextCallWindowTime, nextCheckIn, scheduleOptionTime } from '../../shared/call-times';
import type { Actor } from '../platform/actor';
import { AppError, badRequest, conflict, notFound } from '../platform/errors';
import { TenantDenied, audited } from './audit';
import { invalidCursor, type PageRequest } from './cursor';
import { patientForActor } from './patients';
import type {
  AuditLog,
  CallLogRecord,
  CallLogRepository,
  CallScheduler,
  ClinicalDocumentRepository,
  Clock,
  Ids,
  OrganizationRef,
  OrganizationRepository,
  Page,
  PatientRecord,
  PatientRepository,
  SettingsRepository,
  VoiceAgent,
} from './ports';
import { VoiceAgentError } from './ports';
import { derivedId, newCallLog } from './call-records';
import { effectiveSettings } from './settings';
import { assertEmployee } from './users';

export interface CallDeps {
  patients: PatientRepository;
  organizations: OrganizationRepository;
  documents: ClinicalDocumentRepository;
  callLogs: CallLogRepository;
  settings: SettingsRepository;
  audit: AuditLog;
  clock: Clock;
  ids: Ids;
}
/** What building a call's script needs: the settings, and the deployment's default assistant. */
interface ScriptDeps extends CallDeps {
  defaultAssistantId: string;
}
export type PlacingDeps = ScriptDeps & { voice: VoiceAgent };
export type SchedulingDeps = CallDeps & { scheduler: CallScheduler };

export const callNotFound = () => notFound('call.not_found', 'Call Not Found');

const fullName = (p: Pick<PatientRecord, 'first_name' | 'last_name'> | undefined) =>
  p ? `${p.first_name} ${p.last_name}`.trim() : 'Unknown Patient';

export function toSummary(log: CallLogRecord, patientName: string, providerName: string): CallLogSummary {
  return {
    id: log.id,
    patient_id: log.patient_id,
    provider_id: log.provider_id,
    patient_name: patientName,
    provider_name: providerName,
    status: log.status,
    kind: log.kind,
    outcome: log.outcome,
    duration: log.duration_seconds,
    created_at: log.created_at,
    updated_at: log.updated_at,
    scheduled_at: log.scheduled_at,
    time_preference: log.time_preference,
    failure_reason: log.failure_reason,
    escalation_level: log.escalation_level,
    has_transcript: log.transcript.length > 0,
  };
}

function toDetail(log: CallLogRecord, patientName: string, providerName: string): CallLogDetail {
  return {
    ...toSummary(log, patientName, providerName),
    transcript: log.transcript,
    summary: log.summary,
    note_to_doctor: log.note_to_doctor,
    success_evaluation: log.success_evaluation,
    ended_reason: log.ended_reason,
  };
}

/** Names for lists that span patients: one BatchGet each for patients and organizations. */
async function summariesOf(deps: Pick<CallDeps, 'patients' | 'organizations'>, logs: CallLogRecord[]) {
  const [patients, organizations] = await Promise.all([
    deps.patients.getMany(logs.map((l) => l.patient_id)),
    deps.organizations.getRefs(logs.map((l) => l.provider_id)),
  ]);
  const patientById = new Map(patients.map((p) => [p.id, p]));
  const orgById = new Map(organizations.map((o) => [o.id, o]));
  return logs.map((l) => toSummary(l, fullName(patientById.get(l.patient_id)), orgById.get(l.provider_id)?.name ?? ''));
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Pending scheduled calls of a patient, soonest first, and a page of the rest of its calls, newest first. */
export async function listPatientCalls(
  deps: CallDeps,
  actor: Actor,
  patientId: string,
  page: PageRequest,
): Promise<PatientCallsResponse> {
  return audited(deps.audit, actor, 'call.list', { type: 'patient', id: patientId }, async () => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    const [scheduled, history] = await Promise.all([
      deps.callLogs.listScheduledByPatient(patient.id),
      deps.callLogs.pageHistory(patient.id, page.limit, page.cursor),
    ]);
    if (history === 'invalid_cursor') throw invalidCursor();
    const name = fullName(patient);
    return {
      scheduled: scheduled
        .map((l) => toSummary(l, name, organization.name))
        .sort((a, b) => (a.scheduled_at ?? '').localeCompare(b.scheduled_at ?? '')),
      history: { items: history.items.map((l) => toSummary(l, name, organization.name)), next_cursor: history.cursor },
    };
  });
}

/** Operators' Calls Made modal: calls placed across every organization, newest first, a page at a time. */
export async function listRecentCalls(deps: CallDeps, actor: Actor, page: PageRequest): Promise<CallPage> {
  assertEmployee(actor);
  return audited(deps.audit, actor, 'call.list_recent', { type: 'organization', id: 'all' }, async () =>
    callPage(deps, await deps.callLogs.pageRecent(page.limit, page.cursor)),
  );
}

/** Operators' Scheduled Calls modal: pending calls, soonest first, a page at a time. */
export async function listScheduledCalls(deps: CallDeps, actor: Actor, page: PageRequest): Promise<CallPage> {
  assertEmployee(actor);
  return audited(deps.audit, actor, 'call.list_scheduled', { type: 'organization', id: 'all' }, async () =>
    callPage(deps, await deps.callLogs.pageScheduled(page.limit, page.cursor)),
  );
}

async function callPage(deps: CallDeps, found: Page<CallLogRecord> | 'invalid_cursor'): Promise<CallPage> {
  if (found === 'invalid_cursor') throw invalidCursor();
  return { items: await summariesOf(deps, found.items), next_cursor: found.cursor };
}

/** A call the actor may see: the same tenant rule as its patient (another organization's is not found). */
export async function callForActor(deps: CallDeps, actor: Actor, callId: string) {
  const log = /^[A-Za-z0-9_-]{1,128}$/.test(callId) ? await deps.callLogs.get(callId) : null;
  if (!log) throw callNotFound();
  try {
    return { log, ...(await patientForActor(deps, actor, log.patient_id)) };
  } catch (error) {
    // The call answers like its patient: another organization's is denied, and looks missing.
    if (error instanceof TenantDenied) throw new TenantDenied('call.not_found', 'Call Not Found');
    if (error instanceof AppError && error.kind === 'not_found') throw callNotFound();
    throw error;
  }
}

export async function getCall(deps: CallDeps, actor: Actor, callId: string): Promise<CallDetailResponse> {
  return audited(deps.audit, actor, 'call.read', { type: 'call', id: callId }, async () => {
    const { log, patient, organization } = await callForActor(deps, actor, callId);
    return { call: toDetail(log, fullName(patient), organization.name) };
  });
}

// ---------------------------------------------------------------------------------------------
// Placing

/** What the assistant is told about the patient: the settings prompt with the variables filled in. */
async function callScript(deps: ScriptDeps, patient: PatientRecord, organization: OrganizationRef) {
  const [settings, carePlan, emrNotes] = await Promise.all([
    effectiveSettings(deps),
    deps.documents.get('care_plan', patient.id),
    deps.documents.get('emr_notes', patient.id),
  ]);
  const values = {
    patientName: patient.first_name,
    providerName: organization.name,
    carePlan: carePlan ? carePlanPrompt(carePlan.plan ?? EMPTY_CARE_PLAN, carePlan.content) : 'No care plan on file.',
    hasCarePlan: carePlan ? 'true' : 'false',
    emrNotes: emrNotes?.content ?? 'No EMR notes on file.',
  };
  return {
    settings,
    systemPrompt: renderPrompt(settings.systemPrompt, values),
    firstMessage: renderPrompt(DEFAULT_FIRST_MESSAGE, values),
  };
}

/** The use case's words for the voice platform's outcome (adapters only say what happened). */
function voiceFailure(error: VoiceAgentError): AppError {
  return error.kind === 'rejected'
    ? new AppError('bad_gateway', 'call.vendor_rejected', CALL_MESSAGES.voiceServiceFailed)
    : new AppError('unavailable', 'call.vendor_unavailable', CALL_MESSAGES.voiceServiceUnavailable);
}

/**
 * Hands a queued call log to Vapi. On failure the call log is failed with the reason staff will
 * read, the patient's lock is released, and the error is thrown in the user's words.
 */
export async function dial(
  deps: PlacingDeps,
  log: CallLogRecord,
  patient: PatientRecord,
  organization: OrganizationRef,
): Promise<CallLogRecord> {
  try {
    if (!patient.phone_number) throw badRequest('call.no_phone', CALL_MESSAGES.noPhoneNumber);
    const script = await callScript(deps, patient, organization);
    const { vendorCallId } = await deps.voice.placeCall({
      callLogId: log.id,
      patientId: patient.id,
      organizationId: organization.id,
      customerNumber: patient.phone_number,
      assistantId: script.settings.assistantId,
      voiceId: script.settings.voiceId,
      systemPrompt: script.systemPrompt,
      firstMessage: script.firstMessage,
    });
    const at = deps.clock.now().toISOString();
    await deps.callLogs.setVendorCallId(log.id, vendorCallId, at);
    return { ...log, vendor_call_id: vendorCallId, updated_at: at };
  } catch (error) {
    const appError = error instanceof VoiceAgentError ? voiceFailure(error) : error instanceof AppError ? error : null;
    await deps.callLogs.markFailed(
      log.id,
      appError?.message ?? CALL_MESSAGES.voiceServiceFailed,
      deps.clock.now().toISOString(),
    );
    throw appError ?? error;
  }
}

/** Make Call: one call now, if no other call of this patient is queued or in progress. */
export async function placeCall(deps: PlacingDeps, actor: Actor, patientId: string): Promise<CallCreatedResponse> {
  return audited(deps.audit, actor, 'call.place', { type: 'patient', id: patientId }, async () => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    if (!patient.phone_number) throw badRequest('call.no_phone', CALL_MESSAGES.noPhoneNumber);
    const at = deps.clock.now().toISOString();
    const log = newCallLog(
      {
        id: deps.ids.newId(),
        patient_id: patient.id,
        provider_id: organization.id,
        status: 'queued',
        kind: 'instant',
        created_by: actor.userId,
        placed_at: at,
      },
      at,
    );
    const created = await deps.callLogs.createPlaced(log);
    if (created === 'conflict') throw conflict('call.in_progress', CALL_MESSAGES.callInProgress);
    if (created === 'missing') throw notFound('patient.not_found', 'Patient Not Found');
    const placed = await dial(deps, log, patient, organization);
    return { call: toSummary(placed, fullName(patient), organization.name) };
  });
}

// ---------------------------------------------------------------------------------------------
// Scheduling

/** Stores a pending call and its one-time schedule; a schedule that can't be made undoes the call. */
export async function storeScheduledCall(deps: SchedulingDeps, log: CallLogRecord): Promise<'created' | 'exists'> {
  const stored = await deps.callLogs.createScheduled(log);
  if (stored === 'exists') return stored;
  try {
    await deps.scheduler.schedule(log.id, new Date(log.scheduled_at ?? log.created_at));
  } catch (error) {
    await deps.callLogs.cancelScheduled(log.id, deps.clock.now().toISOString());
    throw error;
  }
  return stored;
}

export async function scheduleCall(
  deps: SchedulingDeps,
  actor: Actor,
  patientId: string,
  when: ScheduleOption,
): Promise<CallCreatedResponse> {
  return audited(deps.audit, actor, 'call.schedule', { type: 'patient', id: patientId }, async () => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    if (!patient.phone_number) throw badRequest('call.no_phone', CALL_MESSAGES.noPhoneNumber);
    const now = deps.clock.now();
    const due = nextCallWindowTime(scheduleOptionTime(when, now, organization.timezone), organization.timezone);
    const log = newCallLog(
      {
        id: deps.ids.newId(),
        patient_id: patient.id,
        provider_id: organization.id,
        status: 'scheduled',
        kind: 'scheduled',
        created_by: actor.userId,
        scheduled_at: due.toISOString(),
      },
      now.toISOString(),
    );
    try {
      await storeScheduledCall(deps, log);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('unavailable', 'call.schedule_failed', CALL_MESSAGES.scheduleFailed);
    }
    return { call: toSummary(log, fullName(patient), organization.name) };
  });
}

/** Cancels a pending scheduled call and its schedule. A cancelled monthly check-in skips to next month. */
export async function cancelScheduledCall(
  deps: SchedulingDeps,
  actor: Actor,
  callId: string,
): Promise<{ cancelled: true }> {
  return audited(deps.audit, actor, 'call.cancel', { type: 'call', id: callId }, async () => {
    const { log, organization } = await callForActor(deps, actor, callId);
    if (log.status !== 'scheduled') throw conflict('call.not_pending', CALL_MESSAGES.scheduledCallNotPending);
    const at = deps.clock.now().toISOString();
    if ((await deps.callLogs.cancelScheduled(log.id, at)) === 'not_pending') {
      throw conflict('call.not_pending', CALL_MESSAGES.scheduledCallNotPending);
    }
    await deps.scheduler.cancel(log.id);
    if (log.kind === 'monthly') await scheduleNextCheckIn(deps, log, organization, 'next_cycle');
    return { cancelled: true as const };
  });
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

// ---------------------------------------------------------------------------------------------
// Web calls

export interface WebCallDeps extends ScriptDeps {
  publicKey: () => Promise<string>;
  /** The model the prompt is given to (assistant overrides name provider and model). */
  model: { provider: string; model: string };
}

export async function webCallConfig(
  deps: WebCallDeps,
  actor: Actor,
  patientId: string,
): Promise<WebCallConfigResponse> {
  return audited(deps.audit, actor, 'call.web_config', { type: 'patient', id: patientId }, async () => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    const [script, publicKey] = await Promise.all([callScript(deps, patient, organization), deps.publicKey()]);
    return {
      publicKey,
      assistantName: 'Care',
      configuration: {
        assistantId: script.settings.assistantId,
        assistantOverrides: {
          firstMessage: script.firstMessage,
          firstMessageMode: 'assistant-speaks-first',
          voice: { provider: VOICE_PROVIDER, voiceId: script.settings.voiceId },
          variableValues: { patientName: patient.first_name, providerName: organization.name },
          model: { ...deps.model, messages: [{ role: 'system', content: script.systemPrompt }] },
          metadata: { patientId: patient.id, organizationId: organization.id },
        },
      },
    };
  });
}
