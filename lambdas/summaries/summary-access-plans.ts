/** The write of a summary view through its link (product-rules.md "Records are kept"). */
import { auditEventWrite } from '../kernel/audit-event-item';
import type { AuditEvent } from '../kernel/audit-entry';
import type { LinkRecord } from '../kernel/records/link';
import { definedValues, type ItemWrite, type WriteCondition, type WritePlan } from '../kernel/write-plan';
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

/**
 * The record of a view and its event, holding only while the link still opens: the call is the
 * link's, completed, with a summary; its patient and organization are not archived (a record
 * missing altogether refuses nothing, as the page then shows no patient or practice).
 */
export function summaryViewPlan(
  link: LinkRecord & { callLogId: string },
  access: SummaryAccessRecord,
  event: AuditEvent,
): WritePlan<'gone'> {
  const active: WriteCondition = { missingOr: { equal: { status: 'active' } } };
  return {
    transaction: [
      {
        op: 'check',
        entity: 'callLog',
        key: { call_log_id: link.callLogId },
        when: {
          equal: { provider_id: link.organizationId, patient_id: link.patientId, status: 'completed' },
          present: ['summary'],
        },
        refusal: 'gone',
      },
      { op: 'check', entity: 'patient', key: { patient_id: link.patientId }, when: active, refusal: 'gone' },
      {
        op: 'check',
        entity: 'organization',
        key: { organization_id: link.organizationId },
        when: active,
        refusal: 'gone',
      },
      summaryAccessWrite(access),
      auditEventWrite(event),
    ],
    afterCommit: [],
  };
}
