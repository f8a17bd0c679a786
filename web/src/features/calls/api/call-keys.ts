import type { QueryClient } from '@tanstack/react-query';

export const callKeys = {
  all: ['calls'] as const,
  patient: (patientId: string) => [...callKeys.all, 'patient', patientId] as const,
  /** A patient's observations as of their newest completed call: a call that completes refetches them. */
  observations: (patientId: string, newestCall: string | null) =>
    [...callKeys.all, 'observations', patientId, newestCall] as const,
  recent: () => [...callKeys.all, 'recent'] as const,
  scheduled: () => [...callKeys.all, 'scheduled'] as const,
  detail: (callId: string) => [...callKeys.all, 'detail', callId] as const,
};

/**
 * Screens of other features that count calls (dashboard totals: Calls Made, Scheduled Calls, Calls
 * This Month): refreshed after a call is placed, scheduled or cancelled.
 */
export const KEYS_SHOWING_CALLS = [['dashboard-stats']] as const;

/** After a call is placed, scheduled or cancelled: every call list and the dashboard totals. */
export async function invalidateCalls(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [callKeys.all, ...KEYS_SHOWING_CALLS].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
