import type { LinkRecord } from '../../lambdas/kernel/records/link';
import type { WritePlan } from '../../lambdas/kernel/write-plan';

/**
 * The links a plan creates (kernel/links.ts `linkPlan`), as the store reads them back: for unit
 * tests whose committer keeps links in memory.
 */
export function createdLinks(plan: WritePlan<string>): LinkRecord[] {
  return plan.transaction.flatMap((write) => {
    if (write.op !== 'create' || write.entity !== 'link') return [];
    const item = write.item;
    return [
      {
        tokenHash: String(item.token_hash),
        kind: item.kind === 'call' ? 'call' : 'summary',
        organizationId: String(item.organization_id),
        patientId: String(item.patient_id),
        callLogId: typeof item.call_log_id === 'string' ? item.call_log_id : null,
        createdAt: String(item.created_at),
        createdBy: String(item.created_by),
        expires: String(item.expires),
      },
    ];
  });
}
