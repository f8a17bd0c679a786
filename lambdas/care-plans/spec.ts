/** The care-plans capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { CARE_PLANS_CONTRACT } from '../../shared/api/contract/care-plans';
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
        getCarePlan: CARE_PLANS_CONTRACT.getCarePlan,
        createCarePlan: CARE_PLANS_CONTRACT.createCarePlan,
        updateCarePlan: CARE_PLANS_CONTRACT.updateCarePlan,
        carePlanRevisions: CARE_PLANS_CONTRACT.carePlanRevisions,
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
        getEmrNotes: CARE_PLANS_CONTRACT.getEmrNotes,
        createEmrNotes: CARE_PLANS_CONTRACT.createEmrNotes,
        updateEmrNotes: CARE_PLANS_CONTRACT.updateEmrNotes,
        emrNotesRevisions: CARE_PLANS_CONTRACT.emrNotesRevisions,
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
