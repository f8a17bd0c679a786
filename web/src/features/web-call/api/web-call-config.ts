import type { WebCallCancelledResponse, WebCallCreatedResponse } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import type { ApiClient } from '../../../lib/api-client';

/**
 * `POST /patients/{patientId}/web-call`: the server creates the call (its log, and Vapi's web call
 * with the private key) and answers the URL the browser joins. Every call asks afresh.
 */
export function createWebCall(api: ApiClient, patientId: string): Promise<WebCallCreatedResponse> {
  return api.request<WebCallCreatedResponse>(`/patients/${encodeURIComponent(patientId)}/web-call`, {
    method: 'POST',
    fallbackError: CALL_MESSAGES.widgetInitFailed,
  });
}

/** `POST /patients/{patientId}/web-call/{callId}/cancel`: the window closed before the call started. */
export function cancelWebCall(api: ApiClient, patientId: string, callId: string): Promise<WebCallCancelledResponse> {
  return api.request<WebCallCancelledResponse>(
    `/patients/${encodeURIComponent(patientId)}/web-call/${encodeURIComponent(callId)}/cancel`,
    { method: 'POST', fallbackError: CALL_MESSAGES.widgetInitFailed },
  );
}
