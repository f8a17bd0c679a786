import { describe, expect, it } from 'vitest';
import type { UnmatchedReason } from './call-metrics';
import { recordCallReport, recordCallStatus, type ReportDeps } from './call-lifecycle';
import { newCallLog } from '../kernel/records/call-log';
import type { CallReport } from './ports';
import type { CallLogRecord } from '../kernel/records/call-log';
import type { WritePlan } from '../kernel/write-plan';

const VENDOR_ID = '5b0f3f2e-8a51-4c0e-9d4f-2b9c1f0e7a11';
const NOW = new Date('2026-03-04T15:00:00.000Z');

const placed = (fields: Partial<CallLogRecord> = {}) =>
  newCallLog(
    {
      id: 'c0ffee00-0000-4000-8000-000000000001',
      patient_id: 'p-1',
      provider_id: 'o-1',
      status: 'in_progress',
      kind: 'instant',
      created_by: 'u-1',
      placed_at: NOW.toISOString(),
      vendor_call_id: VENDOR_ID,
      ...fields,
    },
    NOW.toISOString(),
  );

const report = (fields: Partial<CallReport> = {}): CallReport => ({
  vendorCallId: VENDOR_ID,
  outcome: 'answered',
  endedReason: 'customer-ended-call',
  startedAt: '2026-03-04T14:55:00.000Z',
  endedAt: '2026-03-04T14:59:00.000Z',
  transcript: [],
  summary: 'Doing well.',
  escalationLevel: 'Normal',
  noteToDoctor: null,
  successEvaluation: true,
  cost: 0.42,
  stopCalls: false,
  observations: [],
  enrollmentAnswer: null,
  ...fields,
});

/** The use case over a call log held in memory; what it wrote and counted is kept. */
function world(log: CallLogRecord | null, committed: 'committed' | 'conflict' = 'committed') {
  const w = {
    writes: [] as string[],
    unmatched: [] as UnmatchedReason[],
    costs: [] as number[],
    published: 0,
  };
  const deps = {
    callLogs: {
      get: (id: string) => Promise.resolve(log && log.id === id ? log : null),
    },
    committer: {
      commit: (plan: WritePlan) => {
        w.writes.push(...plan.transaction.map((write) => `${write.op} ${write.entity}`));
        return Promise.resolve(committed);
      },
    },
    organizations: { getRef: () => Promise.resolve(null) },
    clock: { now: () => NOW },
    ids: { newId: () => 'evt-1' },
    events: {
      publish: () => {
        w.published++;
        return Promise.resolve();
      },
    },
    signals: {
      unmatched: (reason: UnmatchedReason) => void w.unmatched.push(reason),
      callCost: (dollars: number) => void w.costs.push(dollars),
    },
  } as unknown as ReportDeps;
  return { deps, state: w };
}

describe('recordCallReport', () => {
  it('stores the report of the call placed as this Vapi call, and counts its cost', async () => {
    const w = world(placed());

    expect(await recordCallReport(w.deps, placed().id, report(), 'vapi-webhook')).toBe('stored');

    expect(w.state.writes).toEqual([
      'patch callLog',
      // The webhook's event, as CareLoop naming Vapi, with the report (system actor).
      'create auditEvent',
      ...Array<string>(4)
        .fill('')
        .flatMap(() => ['create summaryEntry', 'upsert counter']),
      'upsert counter',
      'upsert counter',
      'upsert ccmMonth',
      // The event is out: the call is settled and off the reconciler's list.
      'patch callLog',
      'delete openCall',
    ]);
    expect(w.state.costs).toEqual([0.42]);
    expect(w.state.unmatched).toEqual([]);
    expect(w.state.published).toBe(1);
  });

  it.each([
    ['no call log named', null, placed(), 'no_call_log'],
    ['a call log that does not exist', 'c0ffee00-0000-4000-8000-00000000dead', placed(), 'unknown_call'],
    ['a call whose Vapi id is not stored yet', placed().id, placed({ vendor_call_id: null }), 'vendor_id_pending'],
    [
      'a call placed as another Vapi call',
      placed().id,
      placed({ vendor_call_id: '9e9e9e9e-0000-4000-8000-000000000000' }),
      'vendor_id_mismatch',
    ],
    ['a scheduled call', placed().id, placed({ status: 'scheduled', vendor_call_id: VENDOR_ID }), 'call_settled'],
    ['a call with a report', placed().id, placed({ report_received_at: NOW.toISOString() }), 'call_settled'],
  ] as const)('changes nothing for %s, and counts it', async (_, named, log, reason) => {
    const w = world(log);

    expect(await recordCallReport(w.deps, named, report(), 'vapi-webhook')).toBe(reason);

    expect(w.state.writes).toEqual([]);
    expect(w.state.unmatched).toEqual([reason]);
    expect(w.state.costs).toEqual([]);
    expect(w.state.published).toBe(0);
  });

  it('counts a report whose write found the call settled meanwhile (its condition failed)', async () => {
    const w = world(placed(), 'conflict');

    expect(await recordCallReport(w.deps, placed().id, report(), 'vapi-webhook')).toBe('call_settled');

    expect(w.state.unmatched).toEqual(['call_settled']);
    expect(w.state.published).toBe(0);
  });
});

describe('recordCallStatus', () => {
  it('moves the call placed as this Vapi call to in progress', async () => {
    const w = world(placed({ status: 'queued' }));

    expect(await recordCallStatus(w.deps, placed().id, VENDOR_ID, 'in_progress')).toBe('recorded');

    expect(w.state.writes).toEqual(['patch callLog']);
  });

  it('changes nothing for another Vapi call naming it, and counts it', async () => {
    const w = world(placed({ status: 'queued' }));

    expect(await recordCallStatus(w.deps, placed().id, '9e9e9e9e-0000-4000-8000-000000000000', 'in_progress')).toBe(
      'vendor_id_mismatch',
    );

    expect(w.state.writes).toEqual([]);
    expect(w.state.unmatched).toEqual(['vendor_id_mismatch']);
  });

  it('reads nothing for the statuses that change nothing (ringing, ended)', async () => {
    const w = world(null);

    expect(await recordCallStatus(w.deps, placed().id, VENDOR_ID, 'queued')).toBe('ignored');
    expect(await recordCallStatus(w.deps, placed().id, VENDOR_ID, 'ended')).toBe('ignored');

    expect(w.state.unmatched).toEqual([]);
  });
});
