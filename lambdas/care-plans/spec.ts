/** The care-plans capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { CARE_PLANS_ROUTES } from '../../shared/api/routes/care-plans';
import type { CapabilitySpec } from '../kernel/spec';

export const CARE_PLANS = {
  name: 'care-plans',
  functions: {
    'care-plans': {
      config: ['table'],
      permissions: {
        table: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
        ],
      },
      routes: {
        getCarePlan: CARE_PLANS_ROUTES.getCarePlan,
        createCarePlan: CARE_PLANS_ROUTES.createCarePlan,
        updateCarePlan: CARE_PLANS_ROUTES.updateCarePlan,
        carePlanRevisions: CARE_PLANS_ROUTES.carePlanRevisions,
      },
    },
    'emr-notes': {
      config: ['table'],
      permissions: {
        table: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
        ],
      },
      routes: {
        getEmrNotes: CARE_PLANS_ROUTES.getEmrNotes,
        createEmrNotes: CARE_PLANS_ROUTES.createEmrNotes,
        updateEmrNotes: CARE_PLANS_ROUTES.updateEmrNotes,
        emrNotesRevisions: CARE_PLANS_ROUTES.emrNotesRevisions,
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
