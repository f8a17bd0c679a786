import { describe, expect, it } from 'vitest';
import type { UnmatchedReason } from './call-metrics';
import {
  ANALYSIS_WAIT_MS,
  reconcileCalls,
  recordCallReport,
  recordCallStatus,
  type ReportDeps,
} from './call-lifecycle';
import { newCallLog } from '../kernel/records/call-log';
import type { CallReport } from './ports';
import type { CallLogRecord } from '../kernel/records/call-log';
import type { ItemWrite, WritePlan } from '../kernel/write-plan';

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

/**
 * The use case over a call log held in memory; what it wrote and counted is kept. The committer
 * answers `outcomes` in turn (the last one from then on).
 */
function world(log: CallLogRecord | null, ...outcomes: string[]) {
  const w = {
    writes: [] as string[],
    /** Each committed plan's transaction and after-commit writes, in order. */
    commits: [] as { transaction: string[]; afterCommit: string[] }[],
    unmatched: [] as UnmatchedReason[],
    costs: [] as number[],
    published: 0,
    patientReads: 0,
  };
  const answers = outcomes.length ? outcomes : ['committed'];
  const deps = {
    callLogs: {
      get: (id: string) => Promise.resolve(log && log.id === id ? log : null),
    },
    committer: {
      commit: (plan: WritePlan<string>) => {
        const names = (writes: readonly ItemWrite<string>[]) => writes.map((write) => `${write.op} ${write.entity}`);
        w.writes.push(...names(plan.transaction));
        w.commits.push({ transaction: names(plan.transaction), afterCommit: names(plan.afterCommit) });
        return Promise.resolve(answers[Math.min(w.commits.length, answers.length) - 1]);
      },
    },
    organizations: { getRef: () => Promise.resolve(null) },
    patients: {
      get: (id: string) => {
        w.patientReads++;
        return Promise.resolve({
          id,
          provider_id: 'o-1',
          created_at: NOW.toISOString(),
          status: 'active',
          enrollmentStage: 'invited',
        });
      },
    },
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

/** The event's step once the report is stored: settled, off the reconciler's list, the charts moved. */
const EVENT_OUT = ['patch callLog', 'delete openCall', 'upsert counter'];

describe('recordCallReport', () => {
  it('stores the report of the call placed as this Vapi call, and counts its cost', async () => {
    const w = world(placed());

    expect(await recordCallReport(w.deps, placed().id, report(), 'vapi-webhook')).toBe('stored');

    expect(w.state.writes).toEqual([
      'patch callLog',
      // The patient's lock, released as the report is stored.
      'patch patient',
      // The webhook's event, as CareLoop naming Vapi, with the report (system actor).
      'create auditEvent',
      ...Array<string>(4)
        .fill('')
        .flatMap(() => ['create summaryEntry', 'upsert counter']),
      'upsert counter',
      'upsert counter',
      'upsert ccmMonth',
      // The event is out: the call is settled and off the reconciler's list, the charts moved.
      ...EVENT_OUT,
    ]);
    expect(w.state.costs).toEqual([0.42]);
    expect(w.state.unmatched).toEqual([]);
    expect(w.state.published).toBe(1);
  });

  it('writes in two transactions and nothing after either (issue 27: at most 4 requests with its 2 reads)', async () => {
    for (const outcome of ['answered', 'no_answer'] as const) {
      const w = world(placed());

      expect(await recordCallReport(w.deps, placed().id, report({ outcome }), 'vapi-webhook')).toBe('stored');

      expect(w.state.commits).toHaveLength(2);
      expect(w.state.commits.flatMap((c) => c.afterCommit)).toEqual([]);
      // An unanswered call counts in no chart: its event step moves no version.
      expect(w.state.commits[1]?.transaction).toEqual(outcome === 'answered' ? EVENT_OUT : EVENT_OUT.slice(0, 2));
      // Only an enrollment call's report reads the patient.
      expect(w.state.patientReads).toBe(0);
    }
  });

  it('stores the report without the lock release when the patient does not hold the lock for this call', async () => {
    const w = world(placed(), 'lock_not_held', 'committed');

    expect(await recordCallReport(w.deps, placed().id, report(), 'vapi-webhook')).toBe('stored');

    const [first, second] = w.state.commits;
    expect(first?.transaction).toContain('patch patient');
    expect(second?.transaction).toEqual(first?.transaction.filter((write) => write !== 'patch patient'));
    expect(w.state.unmatched).toEqual([]);
    expect(w.state.published).toBe(1);
  });

  it("moves an enrollment call's patient and releases the lock in one write of the patient", async () => {
    const enrollment = placed({ kind: 'enrollment' });
    const w = world(enrollment);

    const answer = report({ summary: null, enrollmentAnswer: 'interested' });
    expect(await recordCallReport(w.deps, enrollment.id, answer, 'vapi-webhook')).toBe('stored');

    expect(w.state.patientReads).toBe(1);
    expect(w.state.commits).toHaveLength(2);
    expect(w.state.commits[0]?.transaction.filter((write) => write === 'patch patient')).toHaveLength(1);
    expect(w.state.commits[0]?.transaction).toContain('put enrollmentEntry');
  });

  it("stores an enrollment call's report without the move when the patient moved meanwhile, lock released", async () => {
    const enrollment = placed({ kind: 'enrollment' });
    // Refused with the patient's copy, then without it (the stage itself moved), then stored alone.
    const w = world(enrollment, 'stage_moved', 'stage_moved', 'committed');

    const answer = report({ summary: null, enrollmentAnswer: 'interested' });
    expect(await recordCallReport(w.deps, enrollment.id, answer, 'vapi-webhook')).toBe('stored');

    const [first, second, third] = w.state.commits;
    expect(first?.transaction).toContain('put enrollmentEntry');
    expect(second?.transaction).toContain('put enrollmentEntry');
    expect(third?.transaction).toContain('patch patient');
    expect(third?.transaction).not.toContain('put enrollmentEntry');
    expect(w.state.published).toBe(1);
  });

  it("stores an enrollment call's move without the patient's copy when only the copy was refused", async () => {
    const enrollment = placed({ kind: 'enrollment' });
    const w = world(enrollment, 'stage_moved', 'committed');

    const answer = report({ summary: null, enrollmentAnswer: 'interested' });
    expect(await recordCallReport(w.deps, enrollment.id, answer, 'vapi-webhook')).toBe('stored');

    // The copied move, then the same move without the copy, committed: the report is not stored a third time.
    const moves = w.state.commits.filter((c) => c.transaction.includes('put enrollmentEntry'));
    expect(moves).toHaveLength(2);
    expect(w.state.commits[1]?.transaction).toContain('put enrollmentEntry');
    expect(w.state.commits.filter((c) => c.transaction.includes('patch patient'))).toHaveLength(2);
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
    // The report's own refusal ends it: no second try without the lock.
    expect(w.state.commits).toHaveLength(1);
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

describe('reconcileCalls', () => {
  /** A call placed 30 minutes ago whose report never came; Vapi has it ended, with or without its analysis. */
  function reconciling(vendor: { analysed: boolean; endedAt: string | null }) {
    const log = placed({ placed_at: new Date(NOW.getTime() - 30 * 60_000).toISOString() });
    const { deps, state } = world(log);
    const ended = report({ escalationLevel: 'Emergent', endedAt: vendor.endedAt });
    const reconcilingDeps = {
      ...deps,
      callLogs: {
        ...deps.callLogs,
        listStale: () => Promise.resolve([log]),
        listScheduled: () => Promise.resolve([]),
      },
      voice: { getCall: () => Promise.resolve({ state: 'ended', report: ended, analysed: vendor.analysed }) },
      callLines: 10,
      lines: {
        counts: () => Promise.resolve({ inUse: 0, waiting: 0 }),
        oldestWaiting: () => Promise.resolve([]),
        leases: () => Promise.resolve([]),
      },
      callQueue: { enqueue: () => Promise.resolve() },
    } as unknown as Parameters<typeof reconcileCalls>[0];
    return { run: () => reconcileCalls(reconcilingDeps), state };
  }
  const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

  it("stores an ended call's report read from Vapi once Vapi's analysis is on it", async () => {
    const { run, state } = reconciling({ analysed: true, endedAt: minutesAgo(1) });
    expect(await run()).toMatchObject({ checked: 1, completed: 1 });
    expect(state.writes).toContain('patch callLog');
  });

  it('leaves an ended call without its analysis for a later run, so it is not filed as Normal for want of it', async () => {
    const { run, state } = reconciling({ analysed: false, endedAt: minutesAgo(1) });
    expect(await run()).toMatchObject({ checked: 1, completed: 0, failed: 0 });
    expect(state.writes).toEqual([]);
  });

  it('stores it without the analysis once the analysis is overdue, or when Vapi gave no end time', async () => {
    const overdue = reconciling({ analysed: false, endedAt: minutesAgo(ANALYSIS_WAIT_MS / 60_000 + 1) });
    expect(await overdue.run()).toMatchObject({ completed: 1 });
    const noEnd = reconciling({ analysed: false, endedAt: null });
    expect(await noEnd.run()).toMatchObject({ completed: 1 });
  });
});
