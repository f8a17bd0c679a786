import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { CallCreatedResponse } from '../../../../../shared/calls';
import type { scheduleCallSchema } from '../../../../../shared/validation';
import { CALLS_ROUTES } from '../../../../../shared/api/routes/calls';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { invalidateCalls } from './call-keys';

export type ScheduleCallPayload = z.output<typeof scheduleCallSchema>;

/**
 * The reason in 'Failed to schedule call: {reason}' when the server gives none (no answer at
 * all). The catalogue has no text for it.
 */
export const SCHEDULE_CALL_FALLBACK_REASON = 'the server did not answer. Please try again.';

/** CALLS_ROUTES.scheduleCall with `{ when }`: a pending call at that time. */
export function scheduleCall(
  api: ApiClient,
  patientId: string,
  body: ScheduleCallPayload,
): Promise<CallCreatedResponse> {
  return sendRoute(api, CALLS_ROUTES.scheduleCall, {
    params: { patientId },
    body,
    fallbackError: SCHEDULE_CALL_FALLBACK_REASON,
  });
}

export function useScheduleCall(patientId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleCallPayload) => scheduleCall(api, patientId, body),
    onSuccess: () => invalidateCalls(queryClient),
  });
}
