import type { WebCallCancelledResponse, WebCallCreatedResponse } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import { CALLS_ROUTES } from '../../../../../shared/api/routes/calls';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';

/**
 * CALLS_ROUTES.startWebCall: the server creates the call (its log, and Vapi's web call
 * with the private key) and answers the URL the browser joins. Every call asks afresh.
 */
export function createWebCall(api: ApiClient, patientId: string): Promise<WebCallCreatedResponse> {
  return sendRoute(api, CALLS_ROUTES.startWebCall, {
    params: { patientId },
    fallbackError: CALL_MESSAGES.widgetInitFailed,
  });
}

/** CALLS_ROUTES.cancelWebCall: the window closed before the call started. */
export function cancelWebCall(api: ApiClient, patientId: string, callId: string): Promise<WebCallCancelledResponse> {
  return sendRoute(api, CALLS_ROUTES.cancelWebCall, {
    params: { patientId, callId },
    fallbackError: CALL_MESSAGES.widgetInitFailed,
  });
}
