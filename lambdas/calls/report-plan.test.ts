import { describe, expect, it } from 'vitest';
import { newCallLog } from '../kernel/records/call-log';
import type { CallReport } from './ports';
import { durationSeconds, reportPlan } from './report-plan';
import { auditEventWrite } from '../kernel/audit-event-item';
import { systemEvent } from '../kernel/audit-actors';

const VENDOR_ID = '5b0f3f2e-8a51-4c0e-9d4f-2b9c1f0e7a11';
const AT = '2026-03-04T15:00:00.000Z';
const log = newCallLog(
  {
    id: 'c0ffee00-0000-4000-8000-000000000001',
    patient_id: 'p-1',
    provider_id: 'o-1',
    status: 'in_progress',
    kind: 'instant',
    created_by: 'u-1',
    placed_at: AT,
    vendor_call_id: VENDOR_ID,
  },
  AT,
);
const report = (fields: Partial<CallReport> = {}): CallReport => ({
  vendorCallId: VENDOR_ID,
  outcome: 'answered',
  endedReason: 'customer-ended-call',
  startedAt: '2026-03-04T14:55:00.000Z',
  endedAt: '2026-03-04T14:59:30.000Z',
  transcript: [{ speaker: 'assistant', text: 'Hello' }],
  summary: 'Doing well.',
  escalationLevel: 'Urgent',
  noteToDoctor: 'Check the dose.',
  successEvaluation: true,
  cost: 0.42,
  stopCalls: false,
  ...fields,
});

const STORED = systemEvent('vapi-webhook', 'call.report_store', { type: 'call', id: log.id }, 'p-1', 'evt-1', AT);

describe('reportPlan', () => {
  it('writes an answered call, its summary entries and counters, and its AI contact in one transaction', () => {
    const { plan, stored } = reportPlan(log, report(), '2026-03', AT, STORED);

    const [callLog, event, ...rest] = plan.transaction;
    // The stored report is in the patient's history, as CareLoop naming Vapi, with the report.
    expect(event).toEqual(auditEventWrite(STORED));
    expect(event).toMatchObject({
      item: { actor_id: 'system:vapi-webhook', actor_role: 'none', patient_id: 'p-1', subject: `call:${log.id}` },
    });
    expect(callLog).toMatchObject({
      op: 'patch',
      entity: 'callLog',
      key: { call_log_id: log.id },
      set: { status: 'completed', outcome: 'answered', duration_seconds: 270, report_received_at: AT },
      add: { version: 1 },
      when: {
        missing: ['report_received_at'],
        equal: { vendor_call_id: VENDOR_ID },
        oneOf: { status: ['queued', 'in_progress'] },
      },
    });
    const entries = rest.filter((w) => w.entity === 'summaryEntry');
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((w) => w.op === 'create')).toBe(true);
    expect(rest.filter((w) => w.entity === 'counter')).toHaveLength(entries.length + 2);
    expect(rest.at(-1)).toEqual({
      op: 'upsert',
      entity: 'ccmMonth',
      key: { provider_id: 'o-1', month: '2026-03', patient_id: 'p-1' },
      add: { ai_contacts: 1, ai_minutes: 5 },
      set: { updated_at: AT },
    });
    // The lock is released and the charts move only once the transaction committed.
    expect(plan.afterCommit.map((w) => `${w.op} ${w.entity}`)).toEqual(['patch patient', 'upsert counter']);
    expect(stored).toMatchObject({ status: 'completed', escalation_level: 'Urgent', version: log.version + 1 });
  });

  it('writes an unanswered call as failed, with no summary, no completed call and no AI contact', () => {
    const { plan, stored } = reportPlan(log, report({ outcome: 'no_answer', summary: null }), '2026-03', AT, STORED);

    expect(plan.transaction.map((w) => w.entity)).toEqual(['callLog', 'auditEvent']);
    expect(plan.transaction[0]).toMatchObject({ set: { status: 'failed', failure_reason: 'No answer' } });
    expect(plan.transaction[0]).not.toHaveProperty('set.escalation_level');
    expect(plan.afterCommit.map((w) => `${w.op} ${w.entity}`)).toEqual(['patch patient']);
    expect(stored).toMatchObject({ status: 'failed', failure_reason: 'No answer' });
  });

  it('carries no undefined value (DynamoDB cannot store one)', () => {
    const { plan } = reportPlan(
      log,
      report({ noteToDoctor: null, cost: null, startedAt: null }),
      '2026-03',
      AT,
      STORED,
    );
    const values = plan.transaction.flatMap((w) =>
      Object.values('item' in w ? w.item : 'set' in w ? (w.set ?? {}) : {}),
    );
    expect(values).not.toContain(undefined);
  });
});

describe('durationSeconds', () => {
  it('is whole seconds between start and end, or null without both', () => {
    expect(durationSeconds('2026-03-04T14:55:00.000Z', '2026-03-04T14:55:01.600Z')).toBe(2);
    expect(durationSeconds(null, '2026-03-04T14:55:00.000Z')).toBeNull();
    expect(durationSeconds('2026-03-04T14:56:00.000Z', '2026-03-04T14:55:00.000Z')).toBeNull();
  });
});
