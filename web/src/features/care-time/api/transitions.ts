import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { CARE_TIME_ROUTES } from '../../../../../shared/api/routes/care-time';
import {
  TRANSITION_MESSAGES,
  type TransitionAnswer,
  type TransitionRequest,
  type TransitionsAnswer,
} from '../../../../../shared/care-transitions';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

const transitionsKey = (patientId: string) => ['transitions', patientId] as const;
/** The APCM log may gain its care transitions element (apcm-log.ts keys it by patient, then month). */
const apcmLogKey = (patientId: string) => ['apcm-log', patientId] as const;

/** CARE_TIME_ROUTES.listTransitions with `?cursor=`: the patient's transitions, newest discharge first. */
export function useTransitions(patientId: string) {
  const api = useApiClient();
  const query = useInfiniteQuery({
    queryKey: transitionsKey(patientId),
    queryFn: ({ pageParam, signal }): Promise<TransitionsAnswer> =>
      sendRoute(api, CARE_TIME_ROUTES.listTransitions, {
        params: { patientId },
        query: { cursor: pageParam ?? undefined },
        fallbackError: TRANSITION_MESSAGES.fetchFailed,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
  return { query, items: query.data?.pages.flatMap((page) => page.items) ?? [] };
}

/** CARE_TIME_ROUTES.recordTransition: a discharge or ED visit; the list and the APCM log read again. */
export function useRecordTransition(patientId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransitionRequest): Promise<TransitionAnswer> =>
      sendRoute(api, CARE_TIME_ROUTES.recordTransition, {
        params: { patientId },
        body,
        fallbackError: TRANSITION_MESSAGES.saveFailed,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transitionsKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: apcmLogKey(patientId) }),
      ]),
  });
}
