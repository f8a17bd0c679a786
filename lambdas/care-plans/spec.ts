/** The care-plans capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { PLAN_WRITES, type CapabilitySpec } from '../kernel/spec';
import { CARE_PLANS_ENDPOINTS } from '../../shared/api/endpoints/care-plans';

export const CARE_PLANS = {
  name: 'care-plans',
  functions: {
    'care-plans': {
      config: ['table'],
      permissions: {
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
      },
      routes: {
        getCarePlan: CARE_PLANS_ENDPOINTS.getCarePlan,
        createCarePlan: CARE_PLANS_ENDPOINTS.createCarePlan,
        updateCarePlan: CARE_PLANS_ENDPOINTS.updateCarePlan,
        carePlanRevisions: CARE_PLANS_ENDPOINTS.carePlanRevisions,
      },
    },
    'emr-notes': {
      config: ['table'],
      permissions: {
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
      },
      routes: {
        getEmrNotes: CARE_PLANS_ENDPOINTS.getEmrNotes,
        createEmrNotes: CARE_PLANS_ENDPOINTS.createEmrNotes,
        updateEmrNotes: CARE_PLANS_ENDPOINTS.updateEmrNotes,
        emrNotesRevisions: CARE_PLANS_ENDPOINTS.emrNotesRevisions,
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
