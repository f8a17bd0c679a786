/** The write of a summary view through its link (product-rules.md "Records are kept"). */
import { definedValues, type ItemWrite } from '../kernel/write-plan';
import type { SummaryAccessRecord } from './ports';

/** A view of a summary as a plan's write: created once, in the call's partition, never changed. */
export function summaryAccessWrite(access: SummaryAccessRecord): ItemWrite {
  return {
    op: 'create',
    entity: 'summaryAccess',
    item: definedValues({
      call_log_id: access.callLogId,
      accessed_at: access.accessedAt,
      access_id: access.id,
      user_id: access.userId,
      role: access.role,
      organization_id: access.organizationId ?? undefined,
    }),
  };
}
