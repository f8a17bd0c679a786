/** The summaries routes: method, resource path and access (the one place each path is written). */
import { STAFF } from '../access';
import type { RouteDefinition } from './route';

export const SUMMARIES_ROUTES = {
  listSummaries: { method: 'GET', resource: '/summaries', access: STAFF },
  getSummary: { method: 'GET', resource: '/calls/{callId}/summary', access: STAFF },
  setSummaryStatus: { method: 'PATCH', resource: '/calls/{callId}/summary-status', access: STAFF },
  openSummaryLink: { method: 'GET', resource: '/summary-links/{token}', access: 'signed-in' },
} as const satisfies Record<string, RouteDefinition>;
