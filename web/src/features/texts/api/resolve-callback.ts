import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatientText } from '../../../../../shared/texts';
import { TEXTS_ROUTES } from '../../../../../shared/api/routes/texts';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { invalidateTexts } from './text-keys';
import { TEXTS_WEB_MESSAGES } from './texts-messages';

/** TEXTS_ROUTES.resolveCallback: marks a callback request handled (409 if it already was). */
export function resolveCallback(
  api: ApiClient,
  patientId: string,
  messageId: string,
): Promise<{ message: PatientText }> {
  return sendRoute(api, TEXTS_ROUTES.resolveCallback, {
    params: { patientId, messageId },
    body: { callback_status: 'resolved' },
    fallbackError: TEXTS_WEB_MESSAGES.resolveFailed,
  });
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
