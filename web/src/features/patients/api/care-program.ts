import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CARE_PROGRAM_ROUTES } from '../../../../../shared/api/routes/care-program';
import {
  CARE_PROGRAM_MESSAGES,
  type CareProgramAnswer,
  type CareProgramRequest,
} from '../../../../../shared/care-program';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { patientKeys } from './patient-keys';

const careProgramKey = (patientId: string) => [...patientKeys.detail(patientId), 'care-program'] as const;

/** CARE_PROGRAM_ROUTES.getCareProgram: the program this month, the one starting next month, QMB. */
export function useCareProgram(patientId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: careProgramKey(patientId),
    queryFn: ({ signal }): Promise<CareProgramAnswer> =>
      sendRoute(api, CARE_PROGRAM_ROUTES.getCareProgram, {
        params: { patientId },
        fallbackError: CARE_PROGRAM_MESSAGES.fetchFailed,
        signal,
      }),
  });
}

/** CARE_PROGRAM_ROUTES.setCareProgram; the billing report re-reads the patient's program. */
export function useSaveCareProgram(patientId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CareProgramRequest): Promise<CareProgramAnswer> =>
      sendRoute(api, CARE_PROGRAM_ROUTES.setCareProgram, {
        params: { patientId },
        body,
        fallbackError: CARE_PROGRAM_MESSAGES.saveFailed,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(careProgramKey(patientId), answer);
      return queryClient.invalidateQueries({ queryKey: ['billing-report'] });
    },
  });
}
