import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { CARE_TIME_ROUTES } from '../../../../../shared/api/routes/care-time';
import {
  BILLING_MESSAGES,
  type BillingReportAnswer,
  type BillingReportRowAnswer,
} from '../../../../../shared/care-time';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

/** `month` '' is the organization's current month (the server's default). */
export const billingKeys = {
  all: ['billing-report'] as const,
  report: (organizationId: string, month: string, ready: boolean) =>
    [...billingKeys.all, organizationId, month, ready] as const,
};

/** The patients' time panels show the same months: refreshed after a row changes. */
const CARE_TIME_KEYS = ['care-time'] as const;

/** CARE_TIME_ROUTES.billingReport with `?month=&ready=&cursor=`: one page of patient-months. */
export function getBillingReport(
  api: ApiClient,
  organizationId: string,
  month: string,
  ready: boolean,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<BillingReportAnswer> {
  return sendRoute(api, CARE_TIME_ROUTES.billingReport, {
    params: { providerId: organizationId },
    query: { month: month || undefined, ready: ready ? 'true' : undefined, cursor: cursor ?? undefined },
    fallbackError: BILLING_MESSAGES.fetchFailed,
    signal,
  });
}

export function billingReportQueryOptions(api: ApiClient, organizationId: string, month: string, ready: boolean) {
  return infiniteQueryOptions({
    queryKey: billingKeys.report(organizationId, month, ready),
    queryFn: ({ pageParam, signal }) => getBillingReport(api, organizationId, month, ready, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}

export function useBillingReport(organizationId: string, month: string, ready: boolean) {
  const query = useInfiniteQuery(billingReportQueryOptions(useApiClient(), organizationId, month, ready));
  return { query, month: query.data?.pages[0]?.month, rows: query.data?.pages.flatMap((page) => page.items) ?? [] };
}

/** CARE_TIME_ROUTES.billingReportCsv with `?month=`: the whole month as CSV text. */
export function exportBillingCsv(api: ApiClient, organizationId: string, month: string): Promise<string> {
  return sendRoute(api, CARE_TIME_ROUTES.billingReportCsv, {
    params: { providerId: organizationId },
    query: { month: month || undefined },
    fallbackError: BILLING_MESSAGES.exportFailed,
    responseText: true,
  });
}

export function useExportBillingCsv(organizationId: string) {
  const api = useApiClient();
  return useMutation({ mutationFn: (month: string) => exportBillingCsv(api, organizationId, month) });
}

/** CARE_TIME_ROUTES.markBilled: the complexity flag, or billed. */
export function updateBillingRow(
  api: ApiClient,
  organizationId: string,
  month: string,
  patientId: string,
  change: { complex?: boolean; billed?: true },
): Promise<BillingReportRowAnswer> {
  return sendRoute(api, CARE_TIME_ROUTES.markBilled, {
    params: { providerId: organizationId, month, patientId },
    body: change,
    fallbackError: BILLING_MESSAGES.saveFailed,
  });
}

export function useUpdateBillingRow(organizationId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { month: string; patientId: string; change: { complex?: boolean; billed?: true } }) =>
      updateBillingRow(api, organizationId, input.month, input.patientId, input.change),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
        queryClient.invalidateQueries({ queryKey: CARE_TIME_KEYS }),
      ]);
    },
  });
}
