import { SUMMARY_TABS, type SummaryTab } from '../../../shared/values/summaries';
import type { SummariesResponse, SummaryCounts, SummaryItem } from '../../../shared/summaries';
import { ApiError } from '../lib/api-client';
import type { FakeApiAnswer } from './fakes';
import { summaryCounts } from './records';

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
 * Routes for `createFakeApi` holding `items` (newest first): `GET /summaries` answers a tab with
 * its counts and pages of `pageSize`, `GET /calls/{id}/summary` the detail, and
 * `PATCH …/summary-status` moves a summary when the version matches (else 409), as the backend
 * contract says.
 */
export function summariesServer(items: SummaryItem[], { pageSize = 50 } = {}) {
  const store = items.map((item) => ({ ...item }));
  const inTab = (item: SummaryItem, tab: SummaryTab) => item.status === tab || item.escalation_level === tab;
  const routes: Record<string, FakeApiAnswer> = {
    'GET /summaries': ({ query }) => {
      const tab = (query.tab ?? 'requires_followup') as SummaryTab;
      const matching = store.filter((item) => inTab(item, tab));
      const start = query.cursor ? Number(query.cursor) : 0;
      const next = start + pageSize < matching.length ? String(start + pageSize) : null;
      const tabCounts = summaryCounts(
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
