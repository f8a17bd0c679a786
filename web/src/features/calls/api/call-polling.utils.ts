import { isActiveCall } from '../../../../../shared/values/calls';
import type { CallLogSummary } from '../../../../../shared/calls';

/** How often a list showing a queued or in-progress call asks again (spec: the page follows the call). */
export const ACTIVE_CALL_POLL_MS = 3000;

/**
 * TanStack `refetchInterval` for call lists: every 3 s while any call listed is queued or in
 * progress, and not at all once none is (or before the first answer).
 */
export function activeCallsRefetchInterval(
  ...lists: ReadonlyArray<readonly Pick<CallLogSummary, 'status'>[] | undefined>
): number | false {
  return lists.some((calls) => calls?.some((call) => isActiveCall(call.status))) ? ACTIVE_CALL_POLL_MS : false;
}
