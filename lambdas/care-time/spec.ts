/** The care-time capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import type { CapabilitySpec } from '../kernel/spec';
import { PROVIDER, STAFF } from '../kernel/access-groups';

export const CARE_TIME = {
  name: 'care-time',
  functions: {
    'care-time': {
      config: ['table'],
      permissions: {
        // An entry and its patient-month and day totals are one transaction (Put and two Updates).
        table: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
        ],
      },
      routes: {
        // CCM time log and the monthly billing report (product-rules.md "Care management (CCM)"). Only the
        // practice's staff log time and mark months billed; operators read.
        listTimeEntries: { method: 'GET', path: '/patients/{patientId}/time-entries', access: STAFF },
        logTime: { method: 'POST', path: '/patients/{patientId}/time-entries', access: PROVIDER },
      },
    },
    'billing-report': {
      config: ['table'],
      permissions: {
        // PutItem: the audit events of reads and changes.
        table: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
        ],
      },
      routes: {
        billingReport: { method: 'GET', path: '/providers/{providerId}/billing-report', access: STAFF },
        billingReportCsv: { method: 'GET', path: '/providers/{providerId}/billing-report.csv', access: STAFF },
        markBilled: {
          method: 'PUT',
          path: '/providers/{providerId}/billing-report/{month}/patients/{patientId}',
          access: PROVIDER,
        },
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
