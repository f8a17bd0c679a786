import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduledCallCancelledResponse } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';
import { invalidateCalls } from './call-keys';

/** Shown when the server gives no text of its own. */
export const CANCEL_SCHEDULED_CALL_FALLBACK = CALL_MESSAGES.cancelFailed;

/** `DELETE /scheduled-calls/{callId}`: a call that is no longer pending answers 409. */
export function cancelScheduledCall(api: ApiClient, callId: string): Promise<ScheduledCallCancelledResponse> {
  return api.request<ScheduledCallCancelledResponse>(`/scheduled-calls/${encodeURIComponent(callId)}`, {
    method: 'DELETE',
    fallbackError: CANCEL_SCHEDULED_CALL_FALLBACK,
  });
}

export function useCancelScheduledCall() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (callId: string) => cancelScheduledCall(api, callId),
    onSuccess: () => invalidateCalls(queryClient),
  });
}
