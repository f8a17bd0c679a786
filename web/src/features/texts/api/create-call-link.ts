import { useMutation } from '@tanstack/react-query';
import { TEXT_MESSAGES, type CreateCallLinkResponse } from '../../../../../shared/texts';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';

/** `POST /patients/{patientId}/call-links`: a new `/call/{token}` link for the patient, valid 7 days. */
export function createCallLink(api: ApiClient, patientId: string): Promise<CreateCallLinkResponse> {
  return api.request<CreateCallLinkResponse>(`/patients/${encodeURIComponent(patientId)}/call-links`, {
    method: 'POST',
    fallbackError: TEXT_MESSAGES.linkCreateFailed,
  });
}

export function useCreateCallLink(patientId: string) {
  const api = useApiClient();
  return useMutation({ mutationFn: () => createCallLink(api, patientId) });
}
