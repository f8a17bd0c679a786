/** The care time routes: method, resource path and access (the one place each path is written). */
import { PROVIDER, STAFF } from '../access';
import type { RouteDefinition } from './route';

export const CARE_TIME_ROUTES = {
  listTimeEntries: { method: 'GET', resource: '/patients/{patientId}/time-entries', access: STAFF },
  logTime: { method: 'POST', resource: '/patients/{patientId}/time-entries', access: PROVIDER },
  billingReport: { method: 'GET', resource: '/providers/{providerId}/billing-report', access: STAFF },
  billingReportCsv: { method: 'GET', resource: '/providers/{providerId}/billing-report.csv', access: STAFF },
  billingClaimsCsv: { method: 'GET', resource: '/providers/{providerId}/billing-claims.csv', access: STAFF },
  auditPacket: { method: 'GET', resource: '/patients/{patientId}/audit-packet', access: STAFF },
  getApcmLog: { method: 'GET', resource: '/patients/{patientId}/apcm-log', access: STAFF },
  setApcmLog: { method: 'PUT', resource: '/patients/{patientId}/apcm-log/{month}', access: PROVIDER },
  listTransitions: { method: 'GET', resource: '/patients/{patientId}/transitions', access: STAFF },
  recordTransition: { method: 'POST', resource: '/patients/{patientId}/transitions', access: PROVIDER },
  markBilled: {
    method: 'PUT',
    resource: '/providers/{providerId}/billing-report/{month}/patients/{patientId}',
    access: PROVIDER,
  },
} as const satisfies Record<string, RouteDefinition>;
