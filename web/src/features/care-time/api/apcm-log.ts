import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CARE_TIME_ROUTES } from '../../../../../shared/api/routes/care-time';
import { APCM_LOG_MESSAGES, type ApcmLogAnswer, type ApcmLogRequest } from '../../../../../shared/apcm';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

const apcmLogKey = (patientId: string, month: string) => ['apcm-log', patientId, month] as const;

/** CARE_TIME_ROUTES.getApcmLog: one month of the patient's APCM log (the organization's month). */
export function useApcmLog(patientId: string, month: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: apcmLogKey(patientId, month),
    queryFn: ({ signal }): Promise<ApcmLogAnswer> =>
      sendRoute(api, CARE_TIME_ROUTES.getApcmLog, {
        params: { patientId },
        query: { month },
        fallbackError: APCM_LOG_MESSAGES.fetchFailed,
        signal,
      }),
  });
}

/** CARE_TIME_ROUTES.setApcmLog: the signed-in staff member's marks of a month; the answer is the month's log. */
export function useSaveApcmLog(patientId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ month, body }: { month: string; body: ApcmLogRequest }): Promise<ApcmLogAnswer> =>
      sendRoute(api, CARE_TIME_ROUTES.setApcmLog, {
        params: { patientId, month },
        body,
        fallbackError: APCM_LOG_MESSAGES.saveFailed,
      }),
    onSuccess: (answer, { month }) => queryClient.setQueryData(apcmLogKey(patientId, month), answer),
  });
}
