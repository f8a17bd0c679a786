/** The calls routes: method, resource path and access (the one place each path is written). */
import { EMPLOYEE, PROVIDER, STAFF } from '../access';
import type { RouteDefinition } from './route';

export const CALLS_ROUTES = {
  listPatientCalls: { method: 'GET', resource: '/patients/{patientId}/calls', access: STAFF },
  listObservations: { method: 'GET', resource: '/patients/{patientId}/observations', access: STAFF },
  listCalls: { method: 'GET', resource: '/calls', access: EMPLOYEE },
  listScheduledCalls: { method: 'GET', resource: '/calls/scheduled', access: EMPLOYEE },
  getCallLines: { method: 'GET', resource: '/call-lines', access: EMPLOYEE },
  getCall: { method: 'GET', resource: '/calls/{callId}', access: STAFF },
  placeCall: { method: 'POST', resource: '/patients/{patientId}/calls', access: STAFF },
  scheduleCall: { method: 'POST', resource: '/patients/{patientId}/scheduled-calls', access: STAFF },
  cancelScheduledCall: { method: 'DELETE', resource: '/scheduled-calls/{callId}', access: STAFF },
  startWebCall: { method: 'POST', resource: '/patients/{patientId}/web-call', access: PROVIDER },
  cancelWebCall: { method: 'POST', resource: '/patients/{patientId}/web-call/{callId}/cancel', access: PROVIDER },
  vapiMessage: { method: 'POST', resource: '/webhooks/vapi', access: 'webhook:vapi' },
} as const satisfies Record<string, RouteDefinition>;
