import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PatientTextsResponse } from '../../../../../shared/texts';
import { TEXTS_ROUTES } from '../../../../../shared/api/routes/texts';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { textKeys } from './text-keys';
import { TEXTS_WEB_MESSAGES } from './texts-messages';

/** Delivery statuses and the patient's replies arrive through Twilio webhooks: the page polls for them. */
export const TEXTS_REFETCH_MS = 10_000;

/**
 * TEXTS_ROUTES.listTexts with `?cursor=`: a page of the patient's texts (newest first), with the
 * opt-out state and this month's usage.
 */
export function getPatientTexts(
  api: ApiClient,
  patientId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PatientTextsResponse> {
  return sendRoute(api, TEXTS_ROUTES.listTexts, {
    params: { patientId },
    query: { cursor: cursor ?? undefined },
    fallbackError: TEXTS_WEB_MESSAGES.fetchTexts,
    signal,
  });
}

export function patientTextsQueryOptions(api: ApiClient, patientId: string) {
  return infiniteQueryOptions({
    queryKey: textKeys.patient(patientId),
    queryFn: ({ pageParam, signal }) => getPatientTexts(api, patientId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: TEXTS_REFETCH_MS,
  });
}

/** The opt-out state and usage (from the newest page) and every text loaded so far. */
export function usePatientTexts(patientId: string) {
  const query = useInfiniteQuery(patientTextsQueryOptions(useApiClient(), patientId));
  const pages = query.data?.pages;
  return { query, latest: pages?.[0], messages: pages?.flatMap((page) => page.messages) ?? [] };
}
