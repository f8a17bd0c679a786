/** The enrollment capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { PLAN_WRITES, type CapabilitySpec } from '../kernel/spec';
import { ENROLLMENT_ENDPOINTS } from '../../shared/api/endpoints/enrollment';
import { ENROLLMENT_PANEL_ENDPOINTS } from '../../shared/api/endpoints/enrollment-panel';

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
    'enrollment-panel': {
      config: ['table'],
      permissions: {
        // A list page's disclosures and its read are audit events (puts).
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem'],
      },
      routes: {
        // The provider workspace's Enrollment panel: the funnel's counts and a stage's patients.
        enrollmentCounts: ENROLLMENT_PANEL_ENDPOINTS.enrollmentCounts,
        enrollmentList: ENROLLMENT_PANEL_ENDPOINTS.enrollmentList,
      },
    },
    'enrollment-invitations': {
      config: ['table', 'sms'],
      permissions: {
        // An invitation is a text (the texts capability's reservation, send and acceptance plans) and
        // the patient's move to invited, through the plans' committer.
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', ...PLAN_WRITES],
        sms: ['secretsmanager:GetSecretValue'],
      },
      routes: {
        invitePatient: ENROLLMENT_PANEL_ENDPOINTS.invitePatient,
        invitePatients: ENROLLMENT_PANEL_ENDPOINTS.invitePatients,
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
