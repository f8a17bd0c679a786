import {
  SUMMARY_TABS,
  type SummariesResponse,
  type SummaryCounts,
  type SummaryItem,
  type SummaryTab,
} from '../../../../../shared/summaries';
import { ApiError, type ApiClient, type ApiRequestOptions } from '../../../lib/api-client';
import type { Services } from '../../../lib/services';
import { createFakeBackend } from '../../../test/fakes';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  fallbackError: string;
}

export type RouteAnswer = (request: RecordedRequest) => unknown;

/**
 * An API that answers `'METHOD /path'` routes and records every request with its query; any other
 * route is a 404. An answer may throw (an `ApiError`) or return a promise the test settles later.
 */
export function fakeSummariesApi(routes: Record<string, RouteAnswer>) {
  const requests: RecordedRequest[] = [];
  const api: ApiClient = {
    async request<T>(path: string, options: ApiRequestOptions): Promise<T> {
      const query: Record<string, string> = {};
      for (const [key, value] of Object.entries(options.query ?? {})) {
        if (value !== undefined) query[key] = String(value);
      }
      const request = {
        method: options.method ?? 'GET',
        path,
        query,
        body: options.body,
        fallbackError: options.fallbackError,
      };
      requests.push(request);
      const answer = routes[`${request.method} ${path}`];
      if (!answer) throw new ApiError('Not found', 404);
      return (await answer(request)) as T;
    },
  };
  const services: Services = { auth: createFakeBackend().auth, api };
  return { api, services, requests };
}

export function summaryItem(overrides: Partial<SummaryItem> = {}): SummaryItem {
  return {
    id: 'sum-1',
    call_id: 'call-1',
    patient_id: 'pat-1',
    provider_id: 'prov-1',
    patient_name: 'Margaret Alvarez',
    summary: 'Monthly check-in completed. The patient reports feeling well.',
    status: 'requires_followup',
    escalation_level: 'Normal',
    note_to_doctor: null,
    duration: 125,
    created_at: '2025-03-04T15:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export function counts(overrides: Partial<SummaryCounts> = {}): SummaryCounts {
  return { ...Object.fromEntries(SUMMARY_TABS.map((tab) => [tab, 0])), ...overrides } as SummaryCounts;
}

/** One page of `GET /summaries`. */
export function summariesPage(
  tab: SummaryTab,
  summaries: SummaryItem[],
  tabCounts: SummaryCounts,
  cursor: string | null = null,
  month = '2025-03',
): SummariesResponse {
  return { month, tab, summaries, counts: tabCounts, cursor };
}

/**
 * A server holding `items` (newest first): `GET /summaries` answers a tab with its counts and
 * pages of `pageSize`, `GET /calls/{id}/summary` the detail, and `PATCH …/summary-status` moves a
 * summary when the version matches (else 409), as the backend contract says.
 */
export function summariesServer(items: SummaryItem[], { pageSize = 50 } = {}) {
  const store = items.map((item) => ({ ...item }));
  const inTab = (item: SummaryItem, tab: SummaryTab) => item.status === tab || item.escalation_level === tab;
  const routes: Record<string, RouteAnswer> = {
    'GET /summaries': ({ query }) => {
      const tab = (query.tab ?? 'requires_followup') as SummaryTab;
      const matching = store.filter((item) => inTab(item, tab));
      const start = query.cursor ? Number(query.cursor) : 0;
      const next = start + pageSize < matching.length ? String(start + pageSize) : null;
      const tabCounts = counts(
        Object.fromEntries(SUMMARY_TABS.map((t) => [t, store.filter((item) => inTab(item, t)).length])),
      );
      return summariesPage(tab, matching.slice(start, start + pageSize), tabCounts, next, query.month);
    },
  };
  for (const item of store) {
    routes[`GET /calls/${item.call_id}/summary`] = () => ({
      summary: {
        ...item,
        provider_name: 'Sunrise Family Medicine',
        transcript: [
          { speaker: 'assistant', text: `Hello, is this ${item.patient_name}?` },
          { speaker: 'patient', text: 'Yes, speaking.' },
        ],
      },
    });
    routes[`PATCH /calls/${item.call_id}/summary-status`] = ({ body }) => {
      const { status, version } = body as { status: SummaryItem['status']; version: number };
      if (version !== item.version) {
        throw new ApiError('This summary was changed by someone else. Reload and try again.', 409, 'summary.stale');
      }
      Object.assign(item, { status, version: item.version + 1 });
      return { summary: { ...item } };
    };
  }
  return { store, routes };
}
