/** The patients capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { PLAN_WRITES, type CapabilitySpec } from '../kernel/spec';
import { AUDIT_ENDPOINTS } from '../../shared/api/endpoints/audit';
import { CARE_PROGRAM_ENDPOINTS } from '../../shared/api/endpoints/care-program';
import { CONSENT_ENDPOINTS } from '../../shared/api/endpoints/consent';
import { PATIENTS_ENDPOINTS } from '../../shared/api/endpoints/patients';

export const PATIENTS = {
  name: 'patients',
  functions: {
    'patient-data': {
      config: ['table', 'scheduler', 'bus', 'phones'],
      permissions: {
        // A changed or archived patient's search index items are deleted.
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
        scheduler: ['scheduler:CreateSchedule'],
        bus: ['events:PutEvents'],
      },
      routes: {
        listPatients: PATIENTS_ENDPOINTS.listPatients,
        createPatient: PATIENTS_ENDPOINTS.createPatient,
        getPatient: PATIENTS_ENDPOINTS.getPatient,
        updatePatient: PATIENTS_ENDPOINTS.updatePatient,
        archivePatient: PATIENTS_ENDPOINTS.archivePatient,
        accessHistory: AUDIT_ENDPOINTS.accessHistory,
        // CCM consent (product-rules.md "Care management (CCM)"): the current consent and its history.
        getConsent: CONSENT_ENDPOINTS.getConsent,
        recordConsent: CONSENT_ENDPOINTS.recordConsent,
        // The care-management program (from next month) and QMB status (DECISIONS "Care-management programs").
        getCareProgram: CARE_PROGRAM_ENDPOINTS.getCareProgram,
        setCareProgram: CARE_PROGRAM_ENDPOINTS.setCareProgram,
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
        // read, with its audit event (a conditional Put) in the same transaction; the plans' committer
        // may delete (DeleteItem).
        table: ['dynamodb:Query', ...PLAN_WRITES],
      },
    },
  },
  publishes: ['patient.archived'],
} as const satisfies CapabilitySpec;
