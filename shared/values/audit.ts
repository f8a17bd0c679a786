/** How an audited request ended, as the access history shows it. */

export const AUDIT_OUTCOMES = ['success', 'denied', 'not_found', 'invalid', 'error'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
