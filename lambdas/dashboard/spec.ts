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
        // The operators' call-lines forecast: one GetItem of what the hourly job stored.
        callLinesForecast: DASHBOARD_ENDPOINTS.callLinesForecast,
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
    'forecast-call-lines': {
      description:
        'Hourly: the call lines the next 30 days of scheduled calls need at their peak hour, against the budget (docs/capacity-planning.md); stores one forecast item',
      trigger: { kind: 'schedule', schedule: 'rate', everyMinutes: 60 },
      // Reads every pending call of 30 days, a page at a time: at 500,000 a month, a few hundred Queries.
      timeoutSeconds: 300,
      config: ['table', 'callLines'],
      permissions: {
        // Queries of the pending list by due time (never a Scan); the forecast item replaced with a Put.
        table: ['dynamodb:Query', 'dynamodb:PutItem'],
      },
    },
  },
  publishes: [],
} as const satisfies CapabilitySpec;
