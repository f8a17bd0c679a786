/** The care-plans capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import type { CapabilitySpec } from '../kernel/spec';
import { STAFF } from '../kernel/access-groups';

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
        getCarePlan: { method: 'GET', path: '/patients/{patientId}/care-plan', access: STAFF },
        createCarePlan: { method: 'POST', path: '/patients/{patientId}/care-plan', access: STAFF },
        updateCarePlan: { method: 'PUT', path: '/patients/{patientId}/care-plan', access: STAFF },
        carePlanRevisions: { method: 'GET', path: '/patients/{patientId}/care-plan/revisions', access: STAFF },
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
        getEmrNotes: { method: 'GET', path: '/patients/{patientId}/emr-notes', access: STAFF },
        createEmrNotes: { method: 'POST', path: '/patients/{patientId}/emr-notes', access: STAFF },
        updateEmrNotes: { method: 'PUT', path: '/patients/{patientId}/emr-notes', access: STAFF },
        emrNotesRevisions: { method: 'GET', path: '/patients/{patientId}/emr-notes/revisions', access: STAFF },
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
