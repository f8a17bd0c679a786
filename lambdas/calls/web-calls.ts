/**
 * Web calls (product-rules.md "Calls"): staff talk with the assistant about a patient from the
 * browser. The server creates the call log and the Vapi web call with the private key, so the
 * prompt, the metadata and where reports go are the server's; the browser only joins the call's URL.
 * A web call is then reported, summarized and counted like a phone call.
 */
import type { WebCallCancelledResponse, WebCallCreatedResponse } from '../../shared/calls';
import type { Actor } from '../kernel/actor';
import { callForActor, patientForActor } from '../kernel/access';
import { audited } from '../kernel/audit';
import { callScript, failPlacement, openStaffCall, type CallLineDeps, type ScriptDeps } from './call-placing';
import { fail } from '../kernel/error-catalogue';
import type { WebCallAgent } from './ports';
import { cancelQueuedPlan, lockReleasePlan, vendorCallIdPlan } from './call-plans';

export type WebCallDeps = ScriptDeps & CallLineDeps & { webCalls: WebCallAgent };

/** The assistant's name in the widget's header. */
export const WEB_CALL_ASSISTANT_NAME = 'Care';

/**
 * Starts a web call: the call log (queued, holding the patient's one-call-at-a-time lock), then
 * Vapi's web call. If Vapi refuses or does not answer, the log is failed and the lock released.
 */
export async function createWebCall(
  deps: WebCallDeps,
  actor: Actor,
  patientId: string,
): Promise<WebCallCreatedResponse> {
  return audited(deps.audit, actor, 'call.web', { type: 'patient', id: patientId }, async () => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    const log = await openStaffCall(deps, actor, patient, organization, 'web');
    try {
      const script = await callScript(deps, patient, organization, 'web');
      const { vendorCallId, webCallUrl } = await deps.webCalls.createWebCall({
        callLogId: log.id,
        patientId: patient.id,
        organizationId: organization.id,
        assistantId: script.settings.assistantId,
        voiceId: script.settings.voiceId,
        systemPrompt: script.systemPrompt,
        firstMessage: script.firstMessage,
        measures: script.measures,
        language: script.language,
      });
      await deps.committer.commit(vendorCallIdPlan(log.id, vendorCallId, deps.clock.now().toISOString()));
      return { callLogId: log.id, vendorCallId, webCallUrl, assistantName: WEB_CALL_ASSISTANT_NAME };
    } catch (error) {
      // As a phone call that cannot be placed (call-placing.ts `dial`): failed with staff's words.
      return failPlacement(deps, log.id, error);
    }
  });
}

/**
 * The widget closed before the call started: the web call's log is cancelled and the patient's lock
 * released. Only a web call of this patient; doing it again answers the same.
 */
export async function cancelWebCall(
  deps: WebCallDeps,
  actor: Actor,
  patientId: string,
  callId: string,
): Promise<WebCallCancelledResponse> {
  return audited(deps.audit, actor, 'call.web_cancel', { type: 'call', id: callId }, async (about) => {
    const { log } = await callForActor(deps, actor, callId);
    if (log.patient_id !== patientId || log.kind !== 'web') throw fail('callNotFound');
    about(log.patient_id);
    if ((await cancelQueued(deps, log.id)) === 'started') throw fail('callNotPending');
    return { cancelled: true as const };
  });
}

/**
 * Cancels a queued call that has not started, releasing the patient's lock. `cancelled` also when
 * it was cancelled before; `started` once it is under way or over.
 */
async function cancelQueued(deps: WebCallDeps, id: string): Promise<'cancelled' | 'started'> {
  const log = await deps.callLogs.get(id);
  if (!log) return 'started';
  if (log.status === 'queued') await deps.committer.commit(cancelQueuedPlan(log, deps.clock.now().toISOString()));
  // Read again: a status update may have won the race, and a repeated cancel still frees the lock.
  const now = await deps.callLogs.get(id);
  if (now?.status !== 'cancelled') return 'started';
  await deps.committer.commit(lockReleasePlan(now.patient_id, id));
  return 'cancelled';
}
