import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { CARE_PLAN_LINK_MESSAGES } from '../../../../../shared/care-plan-link-texts';
import type { CarePlanLinkResponse } from '../../../../../shared/care-plan-link';
import { TEXTS_ROUTES } from '../../../../../shared/api/routes/texts';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

/**
 * TEXTS_ROUTES.openCarePlanLink (public: no session, the token is the credential). Without a date of
 * birth it answers the practice's name and the page's language only; with one, the care plan.
 */
export function openCarePlanLink(api: ApiClient, token: string, dateOfBirth?: string): Promise<CarePlanLinkResponse> {
  return sendRoute(api, TEXTS_ROUTES.openCarePlanLink, {
    params: { token },
    ...(dateOfBirth === undefined ? {} : { body: { date_of_birth: dateOfBirth } }),
    anonymous: true,
    fallbackError: CARE_PLAN_LINK_MESSAGES.invalid,
  });
}

/** What the page shows first: read once per visit, never refreshed on its own, nothing kept after. */
export function carePlanLinkQueryOptions(api: ApiClient, token: string) {
  return queryOptions({
    queryKey: ['care-plan-link', token] as const,
    queryFn: () => openCarePlanLink(api, token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useCarePlanLink(token: string) {
  return useQuery(carePlanLinkQueryOptions(useApiClient(), token));
}

/** The date of birth the patient gives: the plan, or a refusal (wrong date, locked, expired). */
export function useOpenCarePlan(token: string) {
  const api = useApiClient();
  return useMutation({ mutationFn: (dateOfBirth: string) => openCarePlanLink(api, token, dateOfBirth) });
}
