import { useMutation } from '@tanstack/react-query';
import { ENROLLMENT_ROUTES } from '../../../../../shared/api/routes/enrollment';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

export const FHIR_EXPORT_FAILED = 'Failed to export the FHIR record';

/** ENROLLMENT_ROUTES.exportPatientFhir: the patient's chart as FHIR R4 Bundle JSON, as the server wrote it. */
export function exportPatientFhir(api: ApiClient, patientId: string): Promise<string> {
  return sendRoute(api, ENROLLMENT_ROUTES.exportPatientFhir, {
    params: { patientId },
    fallbackError: FHIR_EXPORT_FAILED,
    responseText: true,
  });
}

export function useExportPatientFhir(patientId: string) {
  const api = useApiClient();
  return useMutation({ mutationFn: () => exportPatientFhir(api, patientId) });
}
