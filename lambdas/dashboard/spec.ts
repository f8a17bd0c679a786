/** The dashboard capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { PLAN_WRITES, type CapabilitySpec } from '../kernel/spec';
import { DASHBOARD_ENDPOINTS } from '../../shared/api/endpoints/dashboard';

export const DASHBOARD = {
  name: 'dashboard',
  functions: {
    'get-dashboard-stats': {
      config: ['table'],
      permissions: {
        // The worklist names patients: its read is audited (one event put). The charts store the
        // figures they computed (one BatchWriteItem of puts).
        table: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:BatchWriteItem',
        ],
      },
      routes: {
        dashboardStats: DASHBOARD_ENDPOINTS.dashboardStats,
        // The dashboards' CCM charts (operators: every organization) and the practice's worklist.
        dashboardCharts: DASHBOARD_ENDPOINTS.dashboardCharts,
        worklist: DASHBOARD_ENDPOINTS.worklist,
      },
    },
  },
  jobs: {
    'rebuild-worklist': {
      description:
        "Rebuilds the worklist's read models from the records (daily, and by hand after a deploy that adds one); idempotent",
      trigger: { kind: 'schedule', schedule: 'rate', everyMinutes: 24 * 60 },
      // The longest a Lambda may run: it reads every active organization's patients.
      timeoutSeconds: 900,
      config: ['table'],
      permissions: {
        // Each patient's item in a transaction conditional on the patient (ConditionCheck); counts and
        // call keys conditional on the record as read again.
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
      },
    },
  },
  publishes: [],
} as const satisfies CapabilitySpec;
