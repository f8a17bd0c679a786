import { describe, expect, it } from 'vitest';
import { newCallLog } from '../kernel/records/call-log';
import type { CallReport } from './ports';
import {
  durationSeconds,
  joinedWithMove,
  reportPlan,
  transferRecordOf,
  UNANSWERED_TRANSFER_SUMMARY,
  withoutLockRelease,
} from './report-plan';
import { enrollmentAnswerWrites } from './enrollment-calls';
import { MEASURE_NAMES, MEASURES } from '../../shared/observations/measures';
import { TARGET_MEASURES } from '../../shared/observations/rules';
import type { ItemWrite } from '../kernel/write-plan';
import { auditEventWrite } from '../kernel/audit-event-item';
import { systemEvent } from '../kernel/audit-actors';
import type { MeasureTarget } from '../../shared/observations/rules';

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
  observations: [],
  enrollmentAnswer: null,
  ...fields,
});

const STORED = systemEvent('vapi-webhook', 'call.report_store', { type: 'call', id: log.id }, 'p-1', 'evt-1', AT);

describe('reportPlan', () => {
  it('gives back the call line the call holds, in the same transaction as the guarded call log write', () => {
    const release = { op: 'upsert', entity: 'callLines', key: { scope: 'lines' }, add: { in_use: -1 } };
    for (const outcome of ['answered', 'no_answer'] as const) {
      const { plan, stored } = reportPlan({ ...log, slot_taken_at: AT }, report({ outcome }), '2026-03', AT, STORED);
      expect(plan.transaction[0]).toMatchObject({ entity: 'callLog', remove: ['slot_taken_at'] });
      expect(plan.transaction.filter((w) => w.entity === 'callLines')).toEqual([release]);
      expect(stored.slot_taken_at).toBeNull();
    }
    // A call placed before the call lines holds none and frees none.
    expect(reportPlan(log, report(), '2026-03', AT, STORED).plan.transaction).not.toContainEqual(release);
  });

  it('writes an answered call, its summary entries and counters, and its AI contact in one transaction', () => {
    const { plan, stored } = reportPlan(log, report(), '2026-03', AT, STORED);

    const [callLog, lock, event, ...rest] = plan.transaction;
    // The patient is free for the next call as the report is stored, or not at all.
    expect(lock).toEqual({
      op: 'patch',
      entity: 'patient',
      key: { patient_id: 'p-1' },
      remove: ['active_call_id'],
      when: { equal: { active_call_id: log.id } },
      refusal: 'lock_not_held',
    });
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
    // Nothing is written after the transaction: the charts move with the event (eventPublishedPlan).
    expect(plan.afterCommit).toEqual([]);
    expect(stored).toMatchObject({ status: 'completed', escalation_level: 'Urgent', version: log.version + 1 });
  });

  it('writes an unanswered call as failed, with no summary, no completed call and no AI contact', () => {
    const { plan, stored } = reportPlan(log, report({ outcome: 'no_answer', summary: null }), '2026-03', AT, STORED);

    expect(plan.transaction.map((w) => w.entity)).toEqual(['callLog', 'patient', 'auditEvent']);
    expect(plan.transaction[0]).toMatchObject({ set: { status: 'failed', failure_reason: 'No answer' } });
    expect(plan.transaction[0]).not.toHaveProperty('set.escalation_level');
    expect(plan.afterCommit).toEqual([]);
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

/** An item a write names by its key (creates and puts carry theirs in the item): entity and key. */
const keyedItem = (write: ItemWrite<string>) =>
  'key' in write ? `${write.entity} ${JSON.stringify(write.key)}` : null;

describe('the report in one transaction (DynamoDB: at most 100 writes, each item once)', () => {
  const ON_CALL = '+12025550199';
  // Every measure read once (readObservations keeps the first of each), each outside its target.
  const everyReading = MEASURE_NAMES.map((measure) => ({
    measure,
    value: MEASURES[measure].max,
    source: 'reported' as const,
  }));
  const everyTarget = TARGET_MEASURES.map((measure) => ({ measure, below: MEASURES[measure].min + 1 }));
  const worst = report({
    escalationLevel: 'Emergent',
    endedReason: 'assistant-ended-call',
    transfer: { to: null, status: 'unanswered' },
    observations: everyReading,
  });

  it('holds the largest check-in report, its lock release and its call line', () => {
    const holding = { ...log, slot_taken_at: AT, transfer_offered_to: ON_CALL };
    const { plan } = reportPlan(holding, worst, '2026-03', AT, STORED, everyTarget);

    expect(plan.transaction.length).toBeLessThanOrEqual(100);
    expect(plan.transaction.filter((w) => w.entity === 'observation')).toHaveLength(MEASURE_NAMES.length);
    expect(plan.transaction.filter((w) => w.entity === 'readingAlert')).toHaveLength(TARGET_MEASURES.length);
    expect(plan.transaction.filter((w) => w.entity === 'summaryEntry')).toHaveLength(8);
    const keyed = plan.transaction.flatMap((w) => keyedItem(w) ?? []);
    expect(new Set(keyed).size).toBe(keyed.length);
  });

  it("holds an enrollment call's report with the patient's move, writing the patient once", () => {
    const enrollment = { ...log, kind: 'enrollment' as const, slot_taken_at: AT, attempt: 0 };
    const patient = {
      id: 'p-1',
      provider_id: 'o-1',
      created_at: AT,
      status: 'active' as const,
      first_name: 'Ann',
      last_name: 'Lee',
      phone_number: null,
    };
    const { plan } = reportPlan(
      enrollment,
      { ...worst, enrollmentAnswer: 'interested' },
      '2026-03',
      AT,
      STORED,
      everyTarget,
    );
    const move = enrollmentAnswerWrites(
      enrollment,
      { ...patient, enrollmentStage: 'invited' },
      'answered',
      'interested',
      AT,
      false,
    );
    const joined = joinedWithMove(plan, move, enrollment);

    expect(joined.transaction.length).toBeLessThanOrEqual(100);
    expect(joined.transaction.filter((w) => w.entity === 'patient')).toHaveLength(1);
    const keyed = joined.transaction.flatMap((w) => keyedItem(w) ?? []);
    expect(new Set(keyed).size).toBe(keyed.length);
  });
});

describe("the patient's lock in the report's transaction", () => {
  const enrollment = { ...log, kind: 'enrollment' as const, attempt: 0 };
  const patient = {
    id: 'p-1',
    provider_id: 'o-1',
    created_at: AT,
    status: 'active' as const,
    enrollmentStage: 'invited' as const,
    first_name: 'Ann',
    last_name: 'Lee',
    phone_number: '+15550100',
  };
  const { plan } = reportPlan(enrollment, report({ enrollmentAnswer: 'declined' }), '2026-03', AT, STORED);

  it('is left out, and only it, when the patient does not hold it for this call', () => {
    const without = withoutLockRelease(plan);

    expect(without.transaction).toEqual(plan.transaction.filter((w) => w.entity !== 'patient'));
    expect(without.transaction[0]).toEqual(plan.transaction[0]);
  });

  it("is released by the move's own write of the patient, on both conditions, refused as the move", () => {
    const move = enrollmentAnswerWrites(enrollment, patient, 'answered', 'declined', AT, true);
    const joined = joinedWithMove(plan, move, enrollment);

    expect(joined.transaction.filter((w) => w.entity === 'patient')).toEqual([
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: 'p-1' },
        set: { enrollment_stage: 'declined' },
        remove: ['active_call_id'],
        when: {
          equal: {
            status: 'active',
            enrollment_stage: 'invited',
            first_name: 'Ann',
            last_name: 'Lee',
            active_call_id: log.id,
          },
          present: ['phone_number'],
          missingOr: { equal: { condition_count: 0, preferred_language: 'en' } },
        },
        refusal: 'stage_moved',
      },
    ]);
    // The report's writes first (its call log decides a replay), then the move's.
    expect(joined.transaction.slice(0, 2).map((w) => w.entity)).toEqual(['callLog', 'auditEvent']);
    expect(joined.transaction.slice(-5).map((w) => w.entity)).toEqual(move.transaction.map((w) => w.entity));
  });

  it("keeps the report's own release beside a move that does not write the patient", () => {
    const counterOnly = {
      transaction: [{ op: 'upsert', entity: 'counter', key: { scope: 's', name: 'n' } }] as const,
      afterCommit: [],
    };
    const joined = joinedWithMove(plan, counterOnly, enrollment);

    expect(joined.transaction).toEqual([...plan.transaction, ...counterOnly.transaction]);
  });
});

describe('durationSeconds', () => {
  it('is whole seconds between start and end, or null without both', () => {
    expect(durationSeconds('2026-03-04T14:55:00.000Z', '2026-03-04T14:55:01.600Z')).toBe(2);
    expect(durationSeconds(null, '2026-03-04T14:55:00.000Z')).toBeNull();
    expect(durationSeconds('2026-03-04T14:56:00.000Z', '2026-03-04T14:55:00.000Z')).toBeNull();
  });

  it('stores each reading as an observation with its LOINC code, unit, time, source and call', () => {
    const { plan } = reportPlan(
      log,
      report({
        escalationLevel: 'Normal',
        observations: [
          { measure: 'systolic', value: 132, source: 'device' },
          { measure: 'phq2', value: 1, source: 'reported' },
        ],
      }),
      '2026-03',
      AT,
      STORED,
    );

    const observations = plan.transaction.filter((w) => w.entity === 'observation');
    expect(observations).toEqual([
      {
        op: 'create',
        entity: 'observation',
        item: {
          patient_id: 'p-1',
          provider_id: 'o-1',
          code: '8480-6',
          measure: 'systolic',
          value: 132,
          unit: 'mm[Hg]',
          observed_at: '2026-03-04T14:59:30.000Z',
          call_log_id: log.id,
          source: 'device',
          created_at: AT,
        },
      },
      expect.objectContaining({ item: expect.objectContaining({ code: '55758-7', value: 1, source: 'reported' }) }),
    ]);
  });

  it('raises a reading outside its target to Urgent, naming the reading, in the log and its summary entries', () => {
    const { plan, stored } = reportPlan(
      log,
      report({
        escalationLevel: 'Normal',
        noteToDoctor: null,
        observations: [{ measure: 'systolic', value: 162, source: 'device' }],
      }),
      '2026-03',
      AT,
      STORED,
      [{ measure: 'systolic', below: 140 }],
    );

    const note = 'Readings: Systolic blood pressure 162 mmHg (target: below 140).';
    expect(stored).toMatchObject({ escalation_level: 'Urgent', note_to_doctor: note });
    expect(plan.transaction[0]).toMatchObject({ set: { escalation_level: 'Urgent', note_to_doctor: note } });
    const entries = plan.transaction.filter((w) => w.entity === 'summaryEntry');
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry).toMatchObject({ item: { escalation_level: 'Urgent' } });
  });

  it('keeps the assessment when every reading meets its target, and keeps a higher assessment', () => {
    const within = reportPlan(
      log,
      report({ escalationLevel: 'Normal', observations: [{ measure: 'systolic', value: 128, source: 'device' }] }),
      '2026-03',
      AT,
      STORED,
      [{ measure: 'systolic', below: 140 }],
    );
    const emergent = reportPlan(
      log,
      report({ escalationLevel: 'Emergent', observations: [{ measure: 'systolic', value: 162, source: 'device' }] }),
      '2026-03',
      AT,
      STORED,
      [{ measure: 'systolic', below: 140 }],
    );

    expect(within.stored).toMatchObject({ escalation_level: 'Normal', note_to_doctor: 'Check the dose.' });
    expect(emergent.stored.escalation_level).toBe('Emergent');
    expect(emergent.stored.note_to_doctor).toBe(
      'Check the dose.\nReadings: Systolic blood pressure 162 mmHg (target: below 140).',
    );
  });

  it('makes a PHQ-9 item 9 answer other than "not at all" Emergent', () => {
    const { stored } = reportPlan(
      log,
      report({ escalationLevel: 'Normal', observations: [{ measure: 'phq9Item9', value: 1, source: 'reported' }] }),
      '2026-03',
      AT,
      STORED,
    );

    expect(stored.escalation_level).toBe('Emergent');
    expect(stored.note_to_doctor).toContain('PHQ-9 item 9 (thoughts of self-harm): "several days"');
  });

  it('stores no observation of a call that was not answered', () => {
    const { plan } = reportPlan(
      log,
      report({ outcome: 'no_answer', observations: [{ measure: 'systolic', value: 162, source: 'device' }] }),
      '2026-03',
      AT,
      STORED,
    );

    expect(plan.transaction.some((w) => w.entity === 'observation')).toBe(false);
    expect(plan.transaction.some((w) => w.entity === 'readingAlert')).toBe(false);
  });
});

describe('readings outside target on the worklist (docs/access-patterns.md)', () => {
  const TARGETS = [
    { measure: 'systolic', below: 140 },
    { measure: 'diastolic', below: 90 },
  ] as const;
  const alerts = (observations: CallReport['observations'], targets: readonly MeasureTarget[] = TARGETS) =>
    reportPlan(log, report({ observations }), '2026-03', AT, STORED, targets).plan.transaction.filter(
      (w) => w.entity === 'readingAlert',
    );
  const key = (measure: string) => ({ provider_id: 'o-1', patient_id: 'p-1', measure });

  it('puts a reading that missed its target, with its note, call and time', () => {
    expect(alerts([{ measure: 'systolic', value: 168, source: 'device' }])).toEqual([
      {
        op: 'put',
        entity: 'readingAlert',
        item: {
          ...key('systolic'),
          note: 'Systolic blood pressure 168 mmHg (target: below 140)',
          call_log_id: log.id,
          observed_at: '2026-03-04T14:59:30.000Z',
        },
      },
    ]);
  });

  it('deletes the item of a measure back in target (or no longer targeted), and leaves measures not read', () => {
    expect(
      alerts(
        [
          { measure: 'systolic', value: 128, source: 'device' },
          { measure: 'weight', value: 180, source: 'reported' },
        ],
        [{ measure: 'diastolic', below: 90 }],
      ),
    ).toEqual([
      { op: 'delete', entity: 'readingAlert', key: key('systolic') },
      { op: 'delete', entity: 'readingAlert', key: key('weight') },
    ]);
    expect(alerts([{ measure: 'diastolic', value: 80, source: 'device' }])).toEqual([
      { op: 'delete', entity: 'readingAlert', key: key('diastolic') },
    ]);
  });

  it('writes each measure once, as its last reading decides, and nothing for PHQ-9 item 9 (it has no target)', () => {
    expect(
      alerts([
        { measure: 'systolic', value: 168, source: 'device' },
        { measure: 'systolic', value: 130, source: 'device' },
        { measure: 'phq9Item9', value: 0, source: 'reported' },
      ]),
    ).toEqual([{ op: 'delete', entity: 'readingAlert', key: key('systolic') }]);
  });
});

describe('a warm transfer in the report (DECISIONS "Warm transfer")', () => {
  const ON_CALL = '+12025550199';
  const offered = { ...log, transfer_offered_to: ON_CALL };
  const emergent = (transfer: CallReport['transfer'], fields: Partial<CallReport> = {}) =>
    report({ escalationLevel: 'Emergent', endedReason: 'assistant-ended-call', transfer, ...fields });
  const entries = (plan: ReturnType<typeof reportPlan>['plan']) =>
    plan.transaction.filter((w) => w.op === 'create' && w.entity === 'summaryEntry');

  it('records an answered transfer to the number offered, with no callback', () => {
    const { plan, stored } = reportPlan(offered, emergent({ to: ON_CALL, status: 'answered' }), '2026-03', AT, STORED);
    const transfer = { to: ON_CALL, status: 'answered', at: '2026-03-04T14:59:30.000Z' };

    expect(plan.transaction[0]).toMatchObject({ set: { transfer } });
    expect(stored.transfer).toEqual(transfer);
    expect(entries(plan).every((w) => w.op === 'create' && !('callback_due_at' in w.item))).toBe(true);
  });

  it('leaves a callback due an hour after an unanswered or failed transfer, on every summary entry', () => {
    for (const status of ['unanswered', 'failed'] as const) {
      const { plan } = reportPlan(offered, emergent({ to: null, status }), '2026-03', AT, STORED);
      expect(plan.transaction[0]).toMatchObject({ set: { transfer: { to: ON_CALL, status } } });
      const listed = entries(plan);
      expect(listed.length).toBeGreaterThan(0);
      for (const entry of listed) {
        expect(entry).toMatchObject({
          item: { callback_due_at: '2026-03-04T15:59:30.000Z', escalation_level: 'Emergent' },
        });
      }
    }
  });

  it('lists a callback even when Vapi brought no summary', () => {
    const { plan } = reportPlan(
      offered,
      emergent({ to: ON_CALL, status: 'unanswered' }, { summary: null }),
      '2026-03',
      AT,
      STORED,
    );
    expect(entries(plan)[0]).toMatchObject({ item: { summary: UNANSWERED_TRANSFER_SUMMARY } });
  });

  it('records no transfer to another number, nor on a call offered none', () => {
    const elsewhere = reportPlan(offered, emergent({ to: '+13125550100', status: 'answered' }), '2026-03', AT, STORED);
    expect(elsewhere.stored.transfer).toBeNull();
    expect(elsewhere.plan.transaction[0]).not.toMatchObject({ set: { transfer: expect.anything() } });
    expect(transferRecordOf(log, emergent({ to: ON_CALL, status: 'unanswered' }), AT)).toBeNull();
    // The number as Vapi wrote it, in another form, is still the number offered.
    expect(transferRecordOf(offered, emergent({ to: '+1 202 555 0199', status: 'failed' }), AT)).toMatchObject({
      to: ON_CALL,
    });
  });
});
