/** The care-time capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { PLAN_WRITES, type CapabilitySpec } from '../kernel/spec';
import { CARE_TIME_ENDPOINTS } from '../../shared/api/endpoints/care-time';
import { CARE_PROGRAM_ENDPOINTS } from '../../shared/api/endpoints/care-program';

export const CARE_TIME = {
  name: 'care-time',
  functions: {
    'care-time': {
      config: ['table'],
      permissions: {
        // An entry and its patient-month and day totals are one transaction (Put and two Updates),
        // through the plans' committer, which may also delete (DeleteItem).
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
      },
      routes: {
        // CCM time log and the monthly billing report (product-rules.md "Care management (CCM)"). Only the
        // practice's staff log time and mark months billed; operators read.
        listTimeEntries: CARE_TIME_ENDPOINTS.listTimeEntries,
        logTime: CARE_TIME_ENDPOINTS.logTime,
        // The APCM monthly log: staff mark the service elements; CareLoop's own are read from its calls and texts.
        getApcmLog: CARE_TIME_ENDPOINTS.getApcmLog,
        setApcmLog: CARE_TIME_ENDPOINTS.setApcmLog,
        // Care transitions (a discharge or ED visit staff learned of): staff record; the list shows
        // each one's follow-up, read from the calls and texts as the APCM log reads them.
        listTransitions: CARE_TIME_ENDPOINTS.listTransitions,
        recordTransition: CARE_TIME_ENDPOINTS.recordTransition,
      },
    },
    'billing-report': {
      config: ['table'],
      permissions: {
        // Its changes and the audit events of its reads are plans.
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
      },
      routes: {
        billingReport: CARE_TIME_ENDPOINTS.billingReport,
        billingReportCsv: CARE_TIME_ENDPOINTS.billingReportCsv,
        // The claim file: read whole, one audit disclosure per patient in it.
        billingClaimsCsv: CARE_TIME_ENDPOINTS.billingClaimsCsv,
        markBilled: CARE_TIME_ENDPOINTS.markBilled,
        // The practice's fee schedule prices the report; the summary sums the whole month.
        getFeeSchedule: CARE_PROGRAM_ENDPOINTS.getFeeSchedule,
        setFeeSchedule: CARE_PROGRAM_ENDPOINTS.setFeeSchedule,
        billingSummary: CARE_PROGRAM_ENDPOINTS.billingSummary,
        // One patient-month's evidence behind its codes, for the printable audit packet.
        auditPacket: CARE_TIME_ENDPOINTS.auditPacket,
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
