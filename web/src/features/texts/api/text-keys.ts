import type { QueryClient } from '@tanstack/react-query';

export const textKeys = {
  all: ['texts'] as const,
  patient: (patientId: string) => [...textKeys.all, 'patient', patientId] as const,
};

/** Screens of other features that count texts: the dashboard's open callback requests. */
export const KEYS_SHOWING_TEXTS = [['dashboard-stats']] as const;

/** After a text is sent (or refused) or a callback request handled: the patient's texts and the totals. */
export async function invalidateTexts(queryClient: QueryClient, patientId: string): Promise<void> {
  await Promise.all(
    [textKeys.patient(patientId), ...KEYS_SHOWING_TEXTS].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
