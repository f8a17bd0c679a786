import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduledCallCancelledResponse } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import { CALLS_ROUTES } from '../../../../../shared/api/routes/calls';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { invalidateCalls } from './call-keys';

/** Shown when the server gives no text of its own. */
export const CANCEL_SCHEDULED_CALL_FALLBACK = CALL_MESSAGES.cancelFailed;

/** CALLS_ROUTES.cancelScheduledCall: a call that is no longer pending answers 409. */
export function cancelScheduledCall(api: ApiClient, callId: string): Promise<ScheduledCallCancelledResponse> {
  return sendRoute(api, CALLS_ROUTES.cancelScheduledCall, {
    params: { callId },
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
