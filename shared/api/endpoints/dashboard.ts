/**
 * The dashboard routes with the schemas of what each takes: the handlers' trigger layer
 * parses requests with them, and the contract (`../contract/dashboard.ts`) documents the same.
 */
import { dashboardChartsQuerySchema } from '../../dashboard';
import { DASHBOARD_ROUTES } from '../routes/dashboard';
import type { Endpoint } from './endpoint';

export const DASHBOARD_ENDPOINTS = {
  dashboardStats: { ...DASHBOARD_ROUTES.dashboardStats, query: null },
  dashboardCharts: { ...DASHBOARD_ROUTES.dashboardCharts, query: dashboardChartsQuerySchema },
  worklist: { ...DASHBOARD_ROUTES.worklist, query: null },
  callLinesForecast: { ...DASHBOARD_ROUTES.callLinesForecast, query: null },
} as const satisfies Record<string, Endpoint>;
