/** The patients capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { AUDIT_ROUTES } from '../../shared/api/routes/audit';
import { CONSENT_ROUTES } from '../../shared/api/routes/consent';
import { PATIENTS_ROUTES } from '../../shared/api/routes/patients';
import type { CapabilitySpec } from '../kernel/spec';

export const PATIENTS = {
  name: 'patients',
  functions: {
    'patient-data': {
      config: ['table', 'scheduler', 'bus', 'phones'],
      permissions: {
        // A changed or archived patient's search index items are deleted.
        table: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
        ],
        scheduler: ['scheduler:CreateSchedule'],
        bus: ['events:PutEvents'],
      },
      routes: {
        listPatients: PATIENTS_ROUTES.listPatients,
        createPatient: PATIENTS_ROUTES.createPatient,
        getPatient: PATIENTS_ROUTES.getPatient,
        updatePatient: PATIENTS_ROUTES.updatePatient,
        archivePatient: PATIENTS_ROUTES.archivePatient,
        accessHistory: AUDIT_ROUTES.accessHistory,
        // CCM consent (product-rules.md "Care management (CCM)"): the current consent and its history.
        getConsent: CONSENT_ROUTES.getConsent,
        recordConsent: CONSENT_ROUTES.recordConsent,
      },
    },
  },
  jobs: {
    'migrate-phones': {
      description:
        "Re-writes stored patients' phone numbers in E.164 (by hand after the deploy that brings it, and daily); idempotent",
      trigger: { kind: 'schedule', schedule: 'rate', everyMinutes: 24 * 60 },
      // The longest a Lambda may run: it reads every organization's patients.
      timeoutSeconds: 900,
      config: ['table', 'phones'],
      permissions: {
        // Queries of the organization and patient indexes; each number re-written conditional on it as
        // read, with its audit event (a conditional Put) in the same transaction.
        table: ['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
      },
    },
  },
  publishes: ['patient.archived'],
} as const satisfies CapabilitySpec;
