/**
 * The audit routes with the schemas of what each takes: the handlers' trigger layer
 * parses requests with them, and the contract (`../contract/audit.ts`) documents the same.
 */
import { patientPathSchema } from '../../path-schemas';
import { accessHistoryQuerySchema } from '../queries';
import { AUDIT_ROUTES } from '../routes/audit';
import type { Endpoint } from './endpoint';

export const AUDIT_ENDPOINTS = {
  accessHistory: { ...AUDIT_ROUTES.accessHistory, path: patientPathSchema, query: accessHistoryQuerySchema },
} as const satisfies Record<string, Endpoint>;
