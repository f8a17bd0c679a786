import { useMutation } from '@tanstack/react-query';
import { REVOKE_CALL_LINKS_MESSAGES, type RevokeCallLinksResponse } from '../../../../../shared/call-link';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';

/** `DELETE /patients/{patientId}/call-links`: every call link of the patient made so far stops working. */
export function revokeCallLinks(api: ApiClient, patientId: string): Promise<RevokeCallLinksResponse> {
  return api.request<RevokeCallLinksResponse>(`/patients/${encodeURIComponent(patientId)}/call-links`, {
    method: 'DELETE',
    fallbackError: REVOKE_CALL_LINKS_MESSAGES.failed,
  });
}

export function useRevokeCallLinks(patientId: string) {
  const api = useApiClient();
  return useMutation({ mutationFn: () => revokeCallLinks(api, patientId) });
}
