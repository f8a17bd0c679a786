import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CARE_PROGRAM_ROUTES } from '../../../../../shared/api/routes/care-program';
import { BILLING_MESSAGES } from '../../../../../shared/care-time';
import {
  FEE_SCHEDULE_MESSAGES,
  type BillingSummaryAnswer,
  type FeeScheduleAnswer,
  type FeeScheduleRequest,
} from '../../../../../shared/care-program';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { billingKeys } from './billing-report';

const feeKey = (organizationId: string) => ['fee-schedule', organizationId] as const;
const summaryKey = (organizationId: string, month: string) =>
  [...billingKeys.all, 'summary', organizationId, month] as const;

/** CARE_PROGRAM_ROUTES.getFeeSchedule: the practice's rates (the default until it sets its own). */
export function useFeeSchedule(organizationId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: feeKey(organizationId),
    queryFn: ({ signal }): Promise<FeeScheduleAnswer> =>
      sendRoute(api, CARE_PROGRAM_ROUTES.getFeeSchedule, {
        params: { providerId: organizationId },
        fallbackError: FEE_SCHEDULE_MESSAGES.fetchFailed,
        signal,
      }),
  });
}

/** CARE_PROGRAM_ROUTES.setFeeSchedule: new rates re-price the report. */
export function useSaveFeeSchedule(organizationId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeeScheduleRequest): Promise<FeeScheduleAnswer> =>
      sendRoute(api, CARE_PROGRAM_ROUTES.setFeeSchedule, {
        params: { providerId: organizationId },
        body,
        fallbackError: FEE_SCHEDULE_MESSAGES.saveFailed,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(feeKey(organizationId), answer);
      return queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}

/** CARE_PROGRAM_ROUTES.billingSummary: the month's expected payment and what switching would change. */
export function useBillingSummary(organizationId: string, month: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: summaryKey(organizationId, month),
    queryFn: ({ signal }): Promise<BillingSummaryAnswer> =>
      sendRoute(api, CARE_PROGRAM_ROUTES.billingSummary, {
        params: { providerId: organizationId },
        query: { month: month || undefined },
        fallbackError: BILLING_MESSAGES.fetchFailed,
        signal,
      }),
  });
}
