/** The enrollment capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { PLAN_WRITES, type CapabilitySpec } from '../kernel/spec';
import { ENROLLMENT_ENDPOINTS } from '../../shared/api/endpoints/enrollment';
import { ENROLLMENT_PANEL_ENDPOINTS } from '../../shared/api/endpoints/enrollment-panel';

/** Where in the panel-files bucket the imports keep their files and reports (import-plans.ts keys). */
export const PANEL_FILES_PREFIX = 'imports';

/** How long a panel file and its import's report stay in S3 (the bucket's lifecycle): the import is done in minutes. */
export const PANEL_FILES_EXPIRY_DAYS = 3;

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
      config: ['table', 'sms', 'vapi', 'scheduler', 'callLines'],
      permissions: {
        // An invitation is a text (the texts capability's reservation, send and acceptance plans) or
        // a call (the calls capability's call log, placed with Vapi or scheduled; a pending one is
        // found by Query), and the patient's move to invited, through the plans' committer.
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
        sms: ['secretsmanager:GetSecretValue'],
        vapi: ['secretsmanager:GetSecretValue'],
        // A call outside the calling hours is booked: its schedule is created, never deleted here.
        scheduler: ['scheduler:CreateSchedule'],
      },
      routes: {
        invitePatient: ENROLLMENT_PANEL_ENDPOINTS.invitePatient,
        invitePatients: ENROLLMENT_PANEL_ENDPOINTS.invitePatients,
      },
    },
    'panel-import': {
      config: ['table', 'bus', 'phones', 'panelFiles'],
      permissions: {
        // The import record and the organization's MRN claims (BatchGet) are read; its writes are plans.
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', ...PLAN_WRITES],
        bus: ['events:PutEvents'],
        // An upload link is signed for PutObject; the preview reads the file (HeadObject needs GetObject),
        // and the report's download link is signed for GetObject.
        panelFiles: ['s3:PutObject', 's3:GetObject'],
      },
      routes: {
        createImport: ENROLLMENT_ENDPOINTS.createImport,
        getImport: ENROLLMENT_ENDPOINTS.getImport,
        previewImport: ENROLLMENT_ENDPOINTS.previewImport,
        startImport: ENROLLMENT_ENDPOINTS.startImport,
        importReport: ENROLLMENT_ENDPOINTS.importReport,
      },
    },
  },
  jobs: {
    'run-panel-import': {
      description:
        "Writes a started panel import's patients in batches, resuming where a stopped run left off; then its report",
      trigger: { kind: 'event', events: ['panel_import.started'] },
      // 20,000 rows at most; a run cut short is retried by the trigger and resumes at the import's next row.
      timeoutSeconds: 900,
      config: ['table', 'phones', 'panelFiles'],
      permissions: {
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', ...PLAN_WRITES],
        panelFiles: ['s3:GetObject', 's3:PutObject'],
      },
    },
  },
  publishes: ['panel_import.started'],
} as const satisfies CapabilitySpec;
