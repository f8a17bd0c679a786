/**
 * The care time routes with the schemas of what each takes: the handlers' trigger layer
 * parses requests with them, and the contract (`../contract/care-time.ts`) documents the same.
 */
import {
  billingCsvQuerySchema,
  billingReportQuerySchema,
  billingRowPathSchema,
  billingRowSchema,
  timeEntriesQuerySchema,
  timeEntryRequestSchema,
} from '../../care-time';
import { patientPathSchema, providerPathSchema } from '../../path-schemas';
import { auditPacketQuerySchema } from '../../audit-packet';
import { apcmLogPathSchema, apcmLogQuerySchema, apcmLogRequestSchema } from '../../apcm';
import { transitionRequestSchema, transitionsQuerySchema } from '../../care-transitions';
import { CARE_TIME_ROUTES } from '../routes/care-time';
import type { Endpoint } from './endpoint';

export const CARE_TIME_ENDPOINTS = {
  listTimeEntries: { ...CARE_TIME_ROUTES.listTimeEntries, path: patientPathSchema, query: timeEntriesQuerySchema },
  logTime: { ...CARE_TIME_ROUTES.logTime, path: patientPathSchema, body: timeEntryRequestSchema },
  billingReport: { ...CARE_TIME_ROUTES.billingReport, path: providerPathSchema, query: billingReportQuerySchema },
  billingReportCsv: { ...CARE_TIME_ROUTES.billingReportCsv, path: providerPathSchema, query: billingCsvQuerySchema },
  billingClaimsCsv: { ...CARE_TIME_ROUTES.billingClaimsCsv, path: providerPathSchema, query: billingCsvQuerySchema },
  auditPacket: { ...CARE_TIME_ROUTES.auditPacket, path: patientPathSchema, query: auditPacketQuerySchema },
  getApcmLog: { ...CARE_TIME_ROUTES.getApcmLog, path: patientPathSchema, query: apcmLogQuerySchema },
  setApcmLog: { ...CARE_TIME_ROUTES.setApcmLog, path: apcmLogPathSchema, body: apcmLogRequestSchema },
  listTransitions: { ...CARE_TIME_ROUTES.listTransitions, path: patientPathSchema, query: transitionsQuerySchema },
  recordTransition: { ...CARE_TIME_ROUTES.recordTransition, path: patientPathSchema, body: transitionRequestSchema },
  markBilled: { ...CARE_TIME_ROUTES.markBilled, path: billingRowPathSchema, body: billingRowSchema },
} as const satisfies Record<string, Endpoint>;
