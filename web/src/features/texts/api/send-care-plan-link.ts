import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CARE_PLAN_LINK_MESSAGES } from '../../../../../shared/care-plan-link-texts';
import type { SendCarePlanLinkResponse } from '../../../../../shared/care-plan-link';
import { TEXTS_ROUTES } from '../../../../../shared/api/routes/texts';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { invalidateTexts } from './text-keys';

/** TEXTS_ROUTES.sendCarePlanLink: texts the patient a link to their care plan (valid 30 days). */
export function sendCarePlanLink(api: ApiClient, patientId: string): Promise<SendCarePlanLinkResponse> {
  return sendRoute(api, TEXTS_ROUTES.sendCarePlanLink, {
    params: { patientId },
    fallbackError: CARE_PLAN_LINK_MESSAGES.failed,
  });
}

/** Sent or refused, the text history and its month's count change: both are read again. */
export function useSendCarePlanLink(patientId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendCarePlanLink(api, patientId),
    onSettled: () => invalidateTexts(queryClient, patientId),
  });
}
