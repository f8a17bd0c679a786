/**
 * Lines held by calls CareLoop places without a call log: a spoken alert to staff (notifications.ts;
 * DECISIONS "Outreach capacity": every call CareLoop places holds one of the deployment's lines).
 * The alert takes its line and a lease in one transaction. The line comes back when Vapi says the
 * call ended, only from a status update naming both the lease and the Vapi call it holds (a signed
 * message proves who sent it, not which line it may free), or from the reconciler: when Vapi answers
 * the call ended, or once the lease's time is up, whatever Vapi says.
 */
import { leaseReleaseWrites } from '../kernel/read-models/call-lines';
import { VoiceAgentError } from '../kernel/vendor-errors';
import { logger } from '../kernel/observability';
import type { Clock } from '../kernel/ports';
import type { WriteCommitter } from '../kernel/write-plan';
import type { CallSignals, UnmatchedReason } from './call-metrics';
import type { CallLinesState, VoiceAgent } from './ports';

export interface LeaseEndDeps {
  lines: Pick<CallLinesState, 'lease'>;
  committer: WriteCommitter;
  signals: Pick<CallSignals, 'unmatched'>;
}

/**
 * Vapi's status update `ended` for a leased call: its line given back once, when the lease names
 * this very Vapi call. Anything else changes nothing and is counted (a lease given back already, one
 * whose Vapi id is not stored yet, which the reconciler frees, or another call's).
 */
export async function recordLeasedCallEnded(
  deps: LeaseEndDeps,
  leaseId: string,
  vendorCallId: string,
): Promise<'released' | UnmatchedReason> {
  const unmatched = (reason: UnmatchedReason) => {
    deps.signals.unmatched(reason);
    return reason;
  };
  const lease = await deps.lines.lease(leaseId);
  if (!lease) return unmatched('call_settled');
  if (!lease.vendorCallId) return unmatched('vendor_id_pending');
  if (lease.vendorCallId !== vendorCallId) return unmatched('vendor_id_mismatch');
  const plan = {
    transaction: leaseReleaseWrites(leaseId, { equal: { vendor_call_id: vendorCallId } }),
    afterCommit: [],
  };
  return (await deps.committer.commit(plan)) === 'committed' ? 'released' : unmatched('call_settled');
}

export interface LeaseSweepDeps {
  lines: Pick<CallLinesState, 'leases'>;
  voice: Pick<VoiceAgent, 'getCall'>;
  committer: WriteCommitter;
  clock: Clock;
}

/**
 * The reconciler's sweep: every lease whose time is up, or whose call Vapi answers ended (or does not
 * know), gives its line back. A lease Vapi cannot be asked about now is looked at on the next run,
 * or freed when its time is up. Returns the lines given back.
 */
export async function freeEndedLeases(deps: LeaseSweepDeps): Promise<number> {
  const now = deps.clock.now().toISOString();
  let freed = 0;
  for (const lease of await deps.lines.leases()) {
    let ended = lease.until <= now;
    if (!ended && lease.vendorCallId) {
      try {
        const call = await deps.voice.getCall(lease.vendorCallId);
        ended = !call || call.state === 'ended';
      } catch (error) {
        // Not knowing costs nothing: the lease's time frees the line. Codes only in the log.
        logger.warn('leased call not read', {
          leaseId: lease.leaseId,
          code:
            error instanceof VoiceAgentError ? `vapi.${error.kind}` : error instanceof Error ? error.name : 'unknown',
        });
      }
    }
    if (!ended) continue;
    const plan = { transaction: leaseReleaseWrites(lease.leaseId), afterCommit: [] };
    if ((await deps.committer.commit(plan)) === 'committed') freed++;
  }
  return freed;
}
