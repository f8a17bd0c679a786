/** The texts routes: method, resource path and access (the one place each path is written). */
import { PROVIDER, STAFF } from '../access';
import type { RouteDefinition } from './route';

export const TEXTS_ROUTES = {
  listTexts: { method: 'GET', resource: '/patients/{patientId}/texts', access: STAFF },
  sendText: { method: 'POST', resource: '/patients/{patientId}/texts', access: STAFF },
  resolveCallback: { method: 'PATCH', resource: '/patients/{patientId}/texts/{messageId}', access: STAFF },
  sendCallLink: { method: 'POST', resource: '/patients/{patientId}/call-links', access: STAFF },
  revokeCallLinks: { method: 'DELETE', resource: '/patients/{patientId}/call-links', access: STAFF },
  startLinkCall: { method: 'POST', resource: '/call-links/{token}', access: 'link' },
  // The care plan shared with the patient (shared/care-plan-link.ts): the practice's staff send it.
  sendCarePlanLink: { method: 'POST', resource: '/patients/{patientId}/care-plan-links', access: PROVIDER },
  openCarePlanLink: { method: 'POST', resource: '/care-plan-links/{token}', access: 'link' },
  twilioStatus: { method: 'POST', resource: '/webhooks/twilio/status', access: 'webhook:twilio' },
  twilioInbound: { method: 'POST', resource: '/webhooks/twilio/inbound', access: 'webhook:twilio' },
} as const satisfies Record<string, RouteDefinition>;
