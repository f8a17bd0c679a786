import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatientText } from '../../../../../shared/texts';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';
import { invalidateTexts } from './text-keys';
import { TEXTS_WEB_MESSAGES } from './texts-messages';

/** `PATCH /patients/{patientId}/texts/{messageId}`: marks a callback request handled (409 if it already was). */
export function resolveCallback(
  api: ApiClient,
  patientId: string,
  messageId: string,
): Promise<{ message: PatientText }> {
  return api.request<{ message: PatientText }>(
    `/patients/${encodeURIComponent(patientId)}/texts/${encodeURIComponent(messageId)}`,
    { method: 'PATCH', body: { callback_status: 'resolved' }, fallbackError: TEXTS_WEB_MESSAGES.resolveFailed },
  );
}

export function useResolveCallback(patientId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => resolveCallback(api, patientId, messageId),
    // Also on a 409: someone else handled it, and the list should say so.
    onSettled: () => invalidateTexts(queryClient, patientId),
  });
}
