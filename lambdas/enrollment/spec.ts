/** The enrollment capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import type { CapabilitySpec } from '../kernel/spec';
import { ENROLLMENT_ENDPOINTS } from '../../shared/api/endpoints/enrollment';

export const ENROLLMENT = {
  name: 'enrollment',
  functions: {
    'patient-exchange': {
      config: ['table'],
      permissions: {
        // Reads only (Get and Query); PutItem is the export's audit event.
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem'],
      },
      routes: {
        // FHIR R4 out (issue 24 item 5).
        exportPatientFhir: ENROLLMENT_ENDPOINTS.exportPatientFhir,
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
