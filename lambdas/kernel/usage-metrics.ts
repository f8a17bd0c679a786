/** Dollars of one stored call report (Vapi's `cost`), dimension-free: the daily spend alarm sums it. */
export const VAPI_CALL_COST = 'VapiCallCost';

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
