import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallDetailResponse } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import { CALLS_ROUTES } from '../../../../../shared/api/routes/calls';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { callKeys } from './call-keys';

/** CALLS_ROUTES.getCall: one call with its transcript, summary and escalation. */
export function getCall(api: ApiClient, callId: string, signal?: AbortSignal): Promise<CallDetailResponse> {
  return sendRoute(api, CALLS_ROUTES.getCall, {
    params: { callId },
    fallbackError: CALL_MESSAGES.fetchCalls,
    signal,
  });
}

export function callQueryOptions(api: ApiClient, callId: string) {
  return queryOptions({
    queryKey: callKeys.detail(callId),
    queryFn: ({ signal }) => getCall(api, callId, signal),
  });
}

export function useCall(callId: string) {
  return useQuery(callQueryOptions(useApiClient(), callId));
}
