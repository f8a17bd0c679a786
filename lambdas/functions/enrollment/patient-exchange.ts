import { readCarePlan } from '../../care-plans/clinical-documents';
import { readConsentHistory } from '../../care-plans/consent';
import { tableDeps } from '../../composition-root';
import { exportPatientFhir } from '../../enrollment/fhir-export';
import type { PatientChartReads } from '../../enrollment/ports';
import { ENROLLMENT } from '../../enrollment/spec';
import { apiFunction } from '../../kernel/spec';
import { defineFunction } from '../../platform/http-handler';
import { toPatientText } from '../../texts/texts';
import { DynamoUserDirectory } from '../../users/store/dynamo-user-directory';

/** A patient's chart in and out as FHIR R4: the export (a download of the patient page). */
export const handler = defineFunction(
  apiFunction(ENROLLMENT, 'patient-exchange'),
  {
    exportPatientFhir: async ({ actor, deps, path }) => ({
      status: 200,
      body: JSON.stringify(await exportPatientFhir(deps, actor, path.patientId)),
      contentType: 'application/fhir+json',
    }),
  },
  () => {
    const table = tableDeps();
    const users = new DynamoUserDirectory(table.db);
    // The care plans', calls' (with their observations) and texts' stores, read for the patient the export already checked.
    const chart: PatientChartReads = {
      carePlan: (patientId) => readCarePlan({ documents: table.documents, users }, patientId),
      consentHistory: (patientId, limit) => readConsentHistory({ patients: table.patients, users }, patientId, limit),
      calls: async (patientId, limit) => {
        const page = await table.callLogs.pageHistory(patientId, limit, null);
        return page === 'invalid_cursor' ? [] : page.items;
      },
      texts: async (patientId, limit) => {
        const page = await table.texts.pageByPatient(patientId, limit, null);
        return page === 'invalid_cursor' ? [] : page.items.map(toPatientText);
      },
      observations: async (patientId, limit) => {
        const page = await table.observations.pageByPatient(patientId, null, limit, null);
        return page === 'invalid_cursor' ? [] : page.items;
      },
    };
    return { ...table, chart };
  },
);
