import { describe, expect, it } from 'vitest';
import { phoneRewritePlan } from './phone-plan';
import type { AuditEvent } from '../kernel/audit-entry';

const audit: AuditEvent = {
  id: 'e1',
  at: '2026-03-01T12:00:00.000Z',
  actorId: 'system:migrate-phones',
  actorRole: null,
  actorProviderId: null,
  action: 'patient.phone_normalize',
  subject: { type: 'patient', id: 'p1' },
  patientId: 'p1',
  outcome: 'success',
};

describe('a phone number rewritten', () => {
  it('stores the canonical form only over the number read, with its audit event', () => {
    const plan = phoneRewritePlan('p1', '813 555 0171', '+18135550171', audit);
    expect(plan.transaction[0]).toEqual({
      op: 'patch',
      entity: 'patient',
      key: { patient_id: 'p1' },
      set: { phone_number: '+18135550171' },
      when: { equal: { phone_number: '813 555 0171' } },
      refusal: 'changed',
    });
    expect(plan.transaction[1]).toMatchObject({
      op: 'create',
      entity: 'auditEvent',
      item: { event_id: 'e1', subject: 'patient:p1', patient_id: 'p1', action: 'patient.phone_normalize' },
    });
    expect(plan.afterCommit).toEqual([]);
  });
});
