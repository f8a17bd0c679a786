import { VAPI_CALL_COST } from '../calls/call-metrics';

/**
 * Volume and spend metrics the monitoring stack alarms on (DECISIONS.md "Vendor trust"), named once
 * for the functions that emit them and the stack that watches them: calls placed and patient texts
 * sent, per organization (its id is the only dimension, never PHI), and the Vapi cost of stored
 * reports (dollars, dimension-free).
 */
export const USAGE_METRICS = {
  callsPlaced: 'CallsPlaced',
  textsSent: 'TextsSent',
  vapiCallCost: VAPI_CALL_COST,
} as const;
export const ORGANIZATION_DIMENSION = 'OrganizationId';
