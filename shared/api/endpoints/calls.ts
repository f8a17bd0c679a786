/**
 * The calls routes with the schemas of what each takes: the handlers' trigger layer
 * parses requests with them, and the contract (`../contract/calls.ts`) documents the same.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../lazy-schema';
import { observationQuerySchema, pageQuerySchema, scheduleCallSchema } from '../../validation';
import { callPathSchema, patientCallPathSchema, patientPathSchema } from '../../path-schemas';
import { CALLS_ROUTES } from '../routes/calls';
import type { Endpoint } from './endpoint';

/**
 * Vapi's server message, as far as CareLoop reads it before `parseVapiWebhook`; the whole shape is
 * Vapi's (`shared/vendor/vapi-openapi.json`, `ServerMessage`).
 */
const vapiServerMessage = lazySchema(() => z.looseObject({ message: z.looseObject({ type: z.string() }) }));

export const CALLS_ENDPOINTS = {
  listPatientCalls: { ...CALLS_ROUTES.listPatientCalls, path: patientPathSchema, query: pageQuerySchema },
  listObservations: { ...CALLS_ROUTES.listObservations, path: patientPathSchema, query: observationQuerySchema },
  listCalls: { ...CALLS_ROUTES.listCalls, query: pageQuerySchema },
  listScheduledCalls: { ...CALLS_ROUTES.listScheduledCalls, query: pageQuerySchema },
  getCallLines: { ...CALLS_ROUTES.getCallLines, query: null },
  getCall: { ...CALLS_ROUTES.getCall, path: callPathSchema, query: null },
  placeCall: { ...CALLS_ROUTES.placeCall, path: patientPathSchema, body: null },
  scheduleCall: { ...CALLS_ROUTES.scheduleCall, path: patientPathSchema, body: scheduleCallSchema },
  cancelScheduledCall: { ...CALLS_ROUTES.cancelScheduledCall, path: callPathSchema },
  startWebCall: { ...CALLS_ROUTES.startWebCall, path: patientPathSchema, body: null },
  cancelWebCall: { ...CALLS_ROUTES.cancelWebCall, path: patientCallPathSchema, body: null },
  vapiMessage: { ...CALLS_ROUTES.vapiMessage, body: vapiServerMessage },
} as const satisfies Record<string, Endpoint>;
