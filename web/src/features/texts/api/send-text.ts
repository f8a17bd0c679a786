import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TEXT_MESSAGES, type SendTextInput, type SendTextResponse } from '../../../../../shared/texts';
import { TEXTS_ROUTES } from '../../../../../shared/api/routes/texts';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { invalidateTexts } from './text-keys';

/**
 * TEXTS_ROUTES.sendText: texts the patient now. Refusals carry the server's text (409
 * opted out or monthly limit, 400 no phone or invalid body, 502/503 Twilio).
 */
export function sendText(api: ApiClient, patientId: string, input: SendTextInput): Promise<SendTextResponse> {
  return sendRoute(api, TEXTS_ROUTES.sendText, {
    params: { patientId },
    body: input,
    fallbackError: TEXT_MESSAGES.sendFailed,
  });
}

export function useSendText(patientId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendTextInput) => sendText(api, patientId, input),
    // A refused send changes what the page shows too: a text Twilio refused is stored as failed, and
    // an opt-out or the month's limit may have arrived since the page last loaded.
    onSettled: () => invalidateTexts(queryClient, patientId),
  });
}
