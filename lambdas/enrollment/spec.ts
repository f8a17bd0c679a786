/** The enrollment capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { PLAN_WRITES, type CapabilitySpec } from '../kernel/spec';
import { ENROLLMENT_PANEL_ENDPOINTS } from '../../shared/api/endpoints/enrollment-panel';

export const ENROLLMENT = {
  name: 'enrollment',
  functions: {
    'enrollment-panel': {
      config: ['table'],
      permissions: {
        // A list page's disclosures are audit events (plans' creates).
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
      },
      routes: {
        // The provider workspace's Enrollment panel: the funnel's counts and a stage's patients.
        enrollmentCounts: ENROLLMENT_PANEL_ENDPOINTS.enrollmentCounts,
        enrollmentList: ENROLLMENT_PANEL_ENDPOINTS.enrollmentList,
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
