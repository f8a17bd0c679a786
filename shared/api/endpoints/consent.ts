/**
 * The consent routes with the schemas of what each takes: the handlers' trigger layer
 * parses requests with them, and the contract (`../contract/consent.ts`) documents the same.
 */
import { consentSchema, pageQuerySchema } from '../../validation';
import { patientPathSchema } from '../../path-schemas';
import { CONSENT_ROUTES } from '../routes/consent';
import type { Endpoint } from './endpoint';

export const CONSENT_ENDPOINTS = {
  getConsent: { ...CONSENT_ROUTES.getConsent, path: patientPathSchema, query: pageQuerySchema },
  recordConsent: { ...CONSENT_ROUTES.recordConsent, path: patientPathSchema, body: consentSchema },
} as const satisfies Record<string, Endpoint>;
