import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallCreatedResponse } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import { CALLS_ROUTES } from '../../../../../shared/api/routes/calls';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { invalidateCalls } from './call-keys';

/**
 * CALLS_ROUTES.placeCall: the assistant phones the patient now. Refusals carry the
 * server's text (409 a call already in progress, 400 no phone number, 502/503 voice service).
 */
export function placeCall(api: ApiClient, patientId: string): Promise<CallCreatedResponse> {
  return sendRoute(api, CALLS_ROUTES.placeCall, {
    params: { patientId },
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
