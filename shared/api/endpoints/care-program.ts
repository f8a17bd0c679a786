/**
 * The care-program routes with the schemas of what each takes: the handlers' trigger layer
 * parses requests with them, and the contract (`../contract/care-program.ts`) documents the same.
 */
import { billingCsvQuerySchema } from '../../care-time';
import { careProgramRequestSchema, feeScheduleRequestSchema } from '../../care-program';
import { patientPathSchema, providerPathSchema } from '../../path-schemas';
import { CARE_PROGRAM_ROUTES } from '../routes/care-program';
import type { Endpoint } from './endpoint';

export const CARE_PROGRAM_ENDPOINTS = {
  getCareProgram: { ...CARE_PROGRAM_ROUTES.getCareProgram, path: patientPathSchema, query: null },
  setCareProgram: { ...CARE_PROGRAM_ROUTES.setCareProgram, path: patientPathSchema, body: careProgramRequestSchema },
  getFeeSchedule: { ...CARE_PROGRAM_ROUTES.getFeeSchedule, path: providerPathSchema, query: null },
  setFeeSchedule: { ...CARE_PROGRAM_ROUTES.setFeeSchedule, path: providerPathSchema, body: feeScheduleRequestSchema },
  billingSummary: { ...CARE_PROGRAM_ROUTES.billingSummary, path: providerPathSchema, query: billingCsvQuerySchema },
} as const satisfies Record<string, Endpoint>;
