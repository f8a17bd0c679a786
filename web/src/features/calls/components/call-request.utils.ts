/** What a Make Call or Schedule Call modal shows (product-rules.md "Calls"). */
/** What opens a call modal (Make Call, Schedule Call) for one patient. */
export interface CallModalProps {
  opened: boolean;
  onClose: () => void;
  patientId: string;
  patientName: string;
  phoneNumber: string | null;
}

export type CallRequestPhase = 'idle' | 'starting' | 'success' | 'error';

/** product-rules.md "Limits": the call-success modal closes after 3 s, the schedule-success modal after 2 s. */
export const MAKE_CALL_SUCCESS_CLOSE_MS = 3000;
export const SCHEDULE_CALL_SUCCESS_CLOSE_MS = 2000;

/** The phase of the request, read from its mutation (a TanStack `useMutation` result fits). */
export function callRequestPhase(mutation: {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
}): CallRequestPhase {
  if (mutation.isPending) return 'starting';
  if (mutation.isSuccess) return 'success';
  if (mutation.isError) return 'error';
  return 'idle';
}

/** Closing is blocked while the request runs: the outcome must be seen. */
export function canClose(phase: CallRequestPhase): boolean {
  return phase !== 'starting';
}
