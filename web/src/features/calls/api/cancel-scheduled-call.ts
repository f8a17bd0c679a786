import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';
import { invalidateCalls } from './call-keys';

/** The answer of `DELETE /scheduled-calls/{callId}` (not among the shared answer types). */
export interface CancelScheduledCallResponse {
  cancelled: true;
}

/** Shown when the server gives no text of its own; the catalogue has none for cancelling. */
export const CANCEL_SCHEDULED_CALL_FALLBACK = 'Failed to cancel scheduled call';

/** `DELETE /scheduled-calls/{callId}`: a call that is no longer pending answers 409. */
export function cancelScheduledCall(api: ApiClient, callId: string): Promise<CancelScheduledCallResponse> {
  return api.request<CancelScheduledCallResponse>(`/scheduled-calls/${encodeURIComponent(callId)}`, {
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
