import type { WebCallConfigResponse } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import type { ApiClient } from '../../../lib/api-client';

/**
 * `POST /patients/{patientId}/web-call`: the public key, assistant and per-patient overrides for
 * one web call. Not cached: every call asks afresh (the overrides carry the current care plan).
 */
export function fetchWebCallConfig(
  api: ApiClient,
  patientId: string,
  signal?: AbortSignal,
): Promise<WebCallConfigResponse> {
  return api.request<WebCallConfigResponse>(`/patients/${encodeURIComponent(patientId)}/web-call`, {
    method: 'POST',
    fallbackError: CALL_MESSAGES.widgetInitFailed,
    signal,
  });
}
