import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallCreatedResponse } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';
import { invalidateCalls } from './call-keys';

/**
 * `POST /patients/{patientId}/calls`: the assistant phones the patient now. Refusals carry the
 * server's text (409 a call already in progress, 400 no phone number, 502/503 voice service).
 */
export function placeCall(api: ApiClient, patientId: string): Promise<CallCreatedResponse> {
  return api.request<CallCreatedResponse>(`/patients/${encodeURIComponent(patientId)}/calls`, {
    method: 'POST',
    fallbackError: CALL_MESSAGES.initiateCallFallback,
  });
}

export function usePlaceCall(patientId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => placeCall(api, patientId),
    onSuccess: () => invalidateCalls(queryClient),
  });
}
