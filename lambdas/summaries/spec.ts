/** The summaries capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { PLAN_WRITES, type CapabilitySpec } from '../kernel/spec';
import { SUMMARIES_ENDPOINTS } from '../../shared/api/endpoints/summaries';

export const SUMMARIES = {
  name: 'summaries',
  functions: {
    'call-summaries': {
      config: ['table'],
      permissions: {
        // A summary's status change moves its entry between tab items (delete one, put the other).
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
      },
      routes: {
        // Call summaries: operators see every organization (months in UTC), provider staff their own
        // (months in the organization's time zone).
        listSummaries: SUMMARIES_ENDPOINTS.listSummaries,
        getSummary: SUMMARIES_ENDPOINTS.getSummary,
        setSummaryStatus: SUMMARIES_ENDPOINTS.setSummaryStatus,
      },
    },
    'summary-link': {
      config: ['table'],
      permissions: {
        // A view's summary-access record and its audit event are one plan: one transaction of two creates,
        // held by condition checks that the call, patient and organization are still as the page read them.
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', ...PLAN_WRITES],
      },
      routes: {
        // The summary page (/summary/{token}): any signed-in user reaches the function, which applies
        // product-rules.md "Roles" with its own refusal texts (staff only; provider staff of the call's organization).
        openSummaryLink: SUMMARIES_ENDPOINTS.openSummaryLink,
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
