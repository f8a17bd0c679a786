/**
 * The phone migration's write (docs/architecture.md "Writes as plans"): the canonical number, only
 * while the patient's number is still the one read, with its audit event in the same transaction.
 */
import { auditEventWrite } from '../kernel/audit-event-item';
import type { AuditEvent } from '../kernel/audit-entry';
import type { WritePlan } from '../kernel/write-plan';

/**
 * Stores `to` if the number is still `from`: `changed` when it moved meanwhile (nothing is written).
 * Neither version nor updated_at moves: the same number in another form is no edit, and an edit
 * form opened before the run still saves.
 */
export function phoneRewritePlan(patientId: string, from: string, to: string, audit: AuditEvent): WritePlan<'changed'> {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: patientId },
        set: { phone_number: to },
        when: { equal: { phone_number: from } },
        refusal: 'changed',
      },
      auditEventWrite(audit),
    ],
    afterCommit: [],
  };
}
