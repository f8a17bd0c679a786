import { useMutation } from '@tanstack/react-query';
import { REVOKE_CALL_LINKS_MESSAGES, type RevokeCallLinksResponse } from '../../../../../shared/call-link';
import { TEXTS_ROUTES } from '../../../../../shared/api/routes/texts';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

/** TEXTS_ROUTES.revokeCallLinks: every call link of the patient made so far stops working. */
export function revokeCallLinks(api: ApiClient, patientId: string): Promise<RevokeCallLinksResponse> {
  return sendRoute(api, TEXTS_ROUTES.revokeCallLinks, {
    params: { patientId },
    fallbackError: REVOKE_CALL_LINKS_MESSAGES.failed,
  });
}

export function useRevokeCallLinks(patientId: string) {
  const api = useApiClient();
  return useMutation({ mutationFn: () => revokeCallLinks(api, patientId) });
}
