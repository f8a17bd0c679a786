import { useMutation } from '@tanstack/react-query';
import { TEXT_MESSAGES, type CreateCallLinkResponse } from '../../../../../shared/texts';
import { TEXTS_ROUTES } from '../../../../../shared/api/routes/texts';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

/** TEXTS_ROUTES.sendCallLink: a new `/call/{token}` link for the patient, valid 7 days. */
export function createCallLink(api: ApiClient, patientId: string): Promise<CreateCallLinkResponse> {
  return sendRoute(api, TEXTS_ROUTES.sendCallLink, {
    params: { patientId },
    fallbackError: TEXT_MESSAGES.linkCreateFailed,
  });
}

export function useCreateCallLink(patientId: string) {
  const api = useApiClient();
  return useMutation({ mutationFn: () => createCallLink(api, patientId) });
}
