import { useQuery } from '@tanstack/react-query';
import { CARE_TIME_ROUTES } from '../../../../../shared/api/routes/care-time';
import { AUDIT_PACKET_MESSAGES, type AuditPacket } from '../../../../../shared/audit-packet';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

/** CARE_TIME_ROUTES.auditPacket with `?month=` ('' is the organization's current month). */
export function getAuditPacket(
  api: ApiClient,
  patientId: string,
  month: string,
  signal?: AbortSignal,
): Promise<AuditPacket> {
  return sendRoute(api, CARE_TIME_ROUTES.auditPacket, {
    params: { patientId },
    query: { month: month || undefined },
    fallbackError: AUDIT_PACKET_MESSAGES.fetchFailed,
    signal,
  });
}

export function useAuditPacket(patientId: string, month: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['audit-packet', patientId, month] as const,
    queryFn: ({ signal }) => getAuditPacket(api, patientId, month, signal),
  });
}
