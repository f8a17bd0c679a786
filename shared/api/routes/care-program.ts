/** The care-program routes: method, resource path and access (the one place each path is written). */
import { PROVIDER, STAFF } from '../access';
import type { RouteDefinition } from './route';

export const CARE_PROGRAM_ROUTES = {
  getCareProgram: { method: 'GET', resource: '/patients/{patientId}/care-program', access: STAFF },
  setCareProgram: { method: 'PUT', resource: '/patients/{patientId}/care-program', access: PROVIDER },
  getFeeSchedule: { method: 'GET', resource: '/providers/{providerId}/fee-schedule', access: STAFF },
  setFeeSchedule: { method: 'PUT', resource: '/providers/{providerId}/fee-schedule', access: STAFF },
  billingSummary: { method: 'GET', resource: '/providers/{providerId}/billing-summary', access: STAFF },
} as const satisfies Record<string, RouteDefinition>;
