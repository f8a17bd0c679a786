/** The dashboard routes: method, resource path and access (the one place each path is written). */
import { EMPLOYEE, PROVIDER, STAFF } from '../access';
import type { RouteDefinition } from './route';

export const DASHBOARD_ROUTES = {
  dashboardStats: { method: 'GET', resource: '/dashboard-stats', access: STAFF },
  dashboardCharts: { method: 'GET', resource: '/dashboard-charts', access: STAFF },
  worklist: { method: 'GET', resource: '/worklist', access: PROVIDER },
  callLinesForecast: { method: 'GET', resource: '/call-lines/forecast', access: EMPLOYEE },
} as const satisfies Record<string, RouteDefinition>;
