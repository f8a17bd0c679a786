/**
 * Calls within the budget of call lines (issue 27 item 1, DECISIONS "Outreach capacity"), on
 * DynamoDB Local, on a table of this file's own (the call lines are one item per deployment, and the
 * other files place calls on the shared one). The placer, the reports, the follow-up and the
 * reconciler are the real use cases on a virtual clock; Vapi is a recording voice agent with a
 * concurrency limit of its own, and the queue of due calls and the schedules are recorded, delivered
 * by the test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../lambdas/local/dynamodb-local';
import { tableDeps } from '../../lambdas/composition-root';
import {
  followUpCall,
  placeScheduledCall,
  reconcileCalls,
  recordCallReport,
  type ScheduledPlacingDeps,
  type WakingDeps,
} from '../../lambdas/calls/call-lifecycle';
import { DynamoCallLines } from '../../lambdas/calls/store/dynamo-call-lines';
import { recordLeasedCallEnded } from '../../lambdas/calls/line-leases';
import { leaseCallWrite, leaseTakeWrites } from '../../lambdas/kernel/read-models/call-lines';
import { placeCall } from '../../lambdas/calls/calls';
import { cancelScheduledPlan, scheduledCallPlan } from '../../lambdas/calls/call-plans';
import type { CallQueue, CallReport, OutboundCallRequest, VoiceAgent } from '../../lambdas/calls/ports';
import { newCallLog, type CallLogRecord } from '../../lambdas/kernel/records/call-log';
import { VoiceAgentError } from '../../lambdas/kernel/vendor-errors';
import { AppError } from '../../lambdas/kernel/app-error';
import type { Actor } from '../../lambdas/kernel/actor';
import { callWindowEnd, isWithinCallWindow } from '../../shared/call-times';

const stack = inject('stack');
const client = new DynamoDBClient({
  endpoint: stack.dynamoEndpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const TZ = 'America/New_York';
/** Tuesday 2026-12-01, 9:00 in New York (EST): the morning check-ins are due. */
const DUE = new Date('2026-12-01T14:00:00.000Z');
const BUDGET = 5;
/** The lines a queued call may use of 5: one is held back for people. */
const QUEUED_LINES = 4;
const CALL_MS = 4 * 60_000;

let now = DUE;
const clock = { now: () => now };
let table: ReturnType<typeof tableDeps>;
const tables: string[] = [];

/** Vapi as the placer meets it: calls run until reported; over `limit` at once it answers at capacity. */
class RecordingVoice implements VoiceAgent {
  readonly placed: { callLogId: string; vendorCallId: string; at: Date }[] = [];
  readonly running = new Map<string, { callLogId: string; endsAt: number }>();
  limit = Number.POSITIVE_INFINITY;
  callMs = CALL_MS;
  async placeCall(request: OutboundCallRequest) {
    if (this.running.size >= this.limit) throw new VoiceAgentError('at_capacity', '400 concurrency limit');
    const vendorCallId = randomUUID();
    this.placed.push({ callLogId: request.callLogId, vendorCallId, at: now });
    this.running.set(vendorCallId, { callLogId: request.callLogId, endsAt: now.getTime() + this.callMs });
    return { vendorCallId };
  }
  async getCall(vendorCallId: string) {
    return this.running.has(vendorCallId) ? { state: 'in_progress' as const } : null;
  }
}

/** The queue of due calls: what was sent, and when each message is delivered. */
class RecordingQueue implements CallQueue {
  readonly sent: { callLogId: string; delaySeconds: number; waitingSince?: string; deliverAt: number }[] = [];
  async enqueue(callLogId: string, delaySeconds: number, waitingSince?: string) {
    this.sent.push({ callLogId, delaySeconds, waitingSince, deliverAt: now.getTime() + delaySeconds * 1000 });
  }
  /** The messages due by now, taken off the queue. */
  take() {
    const due = this.sent.filter((m) => m.deliverAt <= now.getTime());
    this.sent.splice(0, this.sent.length, ...this.sent.filter((m) => m.deliverAt > now.getTime()));
    return due;
  }
}

/** A table of the test's own: the call lines item is one per deployment, so each test starts from none in use. */
async function world() {
  const tableName = `call-lines-${randomUUID().slice(0, 8)}`;
  await ensureTable(client, tableName, { stream: false });
  tables.push(tableName);
  table = tableDeps({ tableName, region: 'us-east-1', dynamoEndpoint: stack.dynamoEndpoint }, clock);
  const voice = new RecordingVoice();
  const callQueue = new RecordingQueue();
  const schedules: { callLogId: string; at: Date }[] = [];
  const deps: ScheduledPlacingDeps & WakingDeps & { lines: DynamoCallLines } = {
    ...table,
    lines: new DynamoCallLines(table.db),
    voice,
    defaultAssistantId: 'assistant',
    callLines: BUDGET,
    callQueue,
    scheduler: {
      schedule: async (callLogId, at) => void schedules.push({ callLogId, at }),
      cancel: async () => undefined,
    },
    events: { publish: async () => undefined },
    signals: {
      unmatched: () => undefined,
      callCost: () => undefined,
      waitingForLine: () => undefined,
      lineWait: () => undefined,
    },
  };
  return { deps, voice, callQueue, schedules };
}

async function linesNow() {
  const { data } = await table.db.entities.callLines.get({ scope: 'lines' }).go();
  const waiting = await table.db.entities.callWaiting.query.byWaitingSince({ shard: 'waiting' }).go({ pages: 'all' });
  return { inUse: data?.in_use ?? 0, waiting: data?.waiting ?? 0, listed: waiting.data.length };
}

/** An active organization with `count` consenting patients, each with a morning check-in due at `due` (9:00 local). */
async function practice(
  count: number,
  due = DUE,
): Promise<{ organizationId: string; calls: string[]; patients: string[] }> {
  const organizationId = randomUUID();
  const at = due.toISOString();
  await table.db.entities.organization
    .create({
      organization_id: organizationId,
      name: 'Call Lines Practice',
      timezone: TZ,
      status: 'active',
      created_at: at,
      updated_at: at,
      created_by: 'test',
      version: 1,
      daily_call_limit: 1000,
      patient_count: count,
    })
    .go();
  const calls: string[] = [];
  const patients: string[] = [];
  for (let i = 0; i < count; i++) {
    const patientId = randomUUID();
    patients.push(patientId);
    await table.db.entities.patient
      .create({
        patient_id: patientId,
        provider_id: organizationId,
        first_name: `Pat${i}`,
        last_name: 'Lines',
        email: `lines-${i}@example.org`,
        phone_number: `+1555010${String(i).padStart(4, '0')}`,
        status: 'active',
        created_at: at,
        updated_at: at,
        created_by: 'test',
        version: 1,
        consent_status: 'accepted',
        consent_date: '2026-11-01',
      })
      .go();
    await table.db.entities.outreachCadence
      .create({
        patient_id: patientId,
        provider_id: organizationId,
        created_by: 'test',
        first_outreach_date: '2026-12-01',
        time_preference: 'morning',
        enabled: true,
        scheduled_at: at,
        created_at: at,
      })
      .go();
    const log = newCallLog(
      {
        id: randomUUID(),
        patient_id: patientId,
        provider_id: organizationId,
        status: 'scheduled',
        kind: 'monthly',
        created_by: 'careloop',
        scheduled_at: at,
        time_preference: 'morning',
        cycle_date: '2026-12-01',
      },
      at,
    );
    expect(await table.committer.commit(scheduledCallPlan(log))).toBe('committed');
    calls.push(log.id);
  }
  return { organizationId, calls, patients };
}

const answered = (vendorCallId: string): CallReport => ({
  vendorCallId,
  outcome: 'answered',
  endedReason: 'customer-ended-call',
  startedAt: new Date(now.getTime() - CALL_MS).toISOString(),
  endedAt: now.toISOString(),
  transcript: [],
  summary: 'Doing well.',
  escalationLevel: 'Normal',
  noteToDoctor: null,
  successEvaluation: true,
  cost: 0.3,
  stopCalls: false,
  observations: [],
  enrollmentAnswer: null,
});

/**
 * Vapi's reports for the calls that ended by now, each followed by its `call.completed` job (the
 * follow-up: it wakes the calls waiting for the line given back); how many were stored.
 */
async function reportEnded(w: Awaited<ReturnType<typeof world>>): Promise<number> {
  let stored = 0;
  for (const [vendorCallId, running] of [...w.voice.running]) {
    if (running.endsAt > now.getTime()) continue;
    w.voice.running.delete(vendorCallId);
    expect(await recordCallReport(w.deps, running.callLogId, answered(vendorCallId), 'vapi-webhook')).toBe('stored');
    await followUpCall(w.deps, running.callLogId);
    stored++;
  }
  return stored;
}

const nurseOf = (organizationId: string): Actor => ({
  userId: 'nurse-1',
  email: 'nurse@example.org',
  role: 'provider',
  providerId: organizationId,
});

beforeAll(() => {
  // The composition root's client reads its credentials from the environment; DynamoDB Local takes any.
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
});

afterAll(async () => {
  for (const name of tables) await client.send(new DeleteTableCommand({ TableName: name }));
});

describe('calls within a budget of call lines', () => {
  it('places 30 due check-ins with 5 lines: each once, never over the lines a queued call may use, all inside the window, woken as lines free', async () => {
    now = DUE;
    const w = await world();
    // Short calls (no answer takes 30 s) keep the run short; the lines are what is under test.
    w.voice.callMs = 30_000;
    const { calls } = await practice(30);
    // The schedules fire: every call is sent to the queue at once.
    for (const id of calls) await w.callQueue.enqueue(id, 0);
    const results: Record<string, number> = {};
    let mostInUse = 0;
    let reported = 0;
    let woken = 0;
    // Three hours of 15-second steps at most: the morning window.
    for (let step = 0; step < 720 && reported < calls.length; step++) {
      reported += await reportEnded(w);
      for (const message of w.callQueue.take()) {
        // Nothing goes back to the queue on a timer: a waiting call is woken, at once, with the time
        // it first waited, when a line is given back.
        expect(message.delaySeconds).toBe(0);
        if (message.waitingSince) {
          woken++;
          const waiting = await table.callLogs.get(message.callLogId);
          if (waiting?.status === 'scheduled') expect(message.waitingSince).toBe(waiting.waiting_since);
        }
        const result = await placeScheduledCall(w.deps, message.callLogId, 'place-scheduled-call', {
          waitingSince: message.waitingSince,
        });
        results[result] = (results[result] ?? 0) + 1;
        const lines = await linesNow();
        mostInUse = Math.max(mostInUse, lines.inUse);
        expect(lines.inUse).toBeLessThanOrEqual(QUEUED_LINES);
        expect(lines.inUse).toBe(w.voice.running.size);
      }
      now = new Date(now.getTime() + 15_000);
    }
    const logs = (await Promise.all(calls.map((id) => table.callLogs.get(id)))) as CallLogRecord[];
    expect(logs.map((l) => l.status)).toEqual(calls.map(() => 'completed'));
    // None placed twice, and every one placed.
    expect(new Set(w.voice.placed.map((p) => p.callLogId)).size).toBe(30);
    expect(w.voice.placed).toHaveLength(30);
    expect(results).toMatchObject({ placed: 30 });
    // Each of the 26 that found no line waited once: woken when a line was free, it was placed.
    expect(results.waiting).toBe(30 - QUEUED_LINES);
    expect(woken).toBeGreaterThanOrEqual(30 - QUEUED_LINES);
    // A woken call sent twice (two lines freed before it was placed) is placed once, the rest skipped.
    expect(results.skipped ?? 0).toBe(woken - (30 - QUEUED_LINES));
    // Each waiting call's one schedule: the end of its window, when it would move to the next day.
    const windowEnd = callWindowEnd(DUE, 'morning', TZ);
    expect(w.schedules.filter((s) => s.at.getTime() === windowEnd.getTime())).toHaveLength(30 - QUEUED_LINES);
    expect(mostInUse).toBe(QUEUED_LINES);
    // Each placed inside its window (the morning's three hours) and the calling hours.
    for (const p of w.voice.placed) {
      expect(p.at.getTime()).toBeLessThan(callWindowEnd(DUE, 'morning', TZ).getTime());
      expect(isWithinCallWindow(p.at, TZ)).toBe(true);
    }
    expect(logs.every((l) => !l.waiting_since && !l.slot_taken_at)).toBe(true);
    expect(await linesNow()).toEqual({ inUse: 0, waiting: 0, listed: 0 });
  }, 600_000);

  it('keeps a line for staff while check-ins are held back; with every line busy staff get 429 and no call is left', async () => {
    now = new Date(DUE.getTime() + 24 * 3600_000);
    const w = await world();
    const { organizationId, calls, patients } = await practice(QUEUED_LINES + 3, now);
    const at = now.toISOString();
    const placed = [];
    for (const id of calls.slice(0, QUEUED_LINES + 1))
      placed.push(await placeScheduledCall(w.deps, id, 'place-scheduled-call'));
    expect(placed).toEqual([...Array(QUEUED_LINES).fill('placed'), 'waiting']);
    expect(await table.callLogs.get(calls[QUEUED_LINES]!)).toMatchObject({ status: 'scheduled', waiting_since: at });
    expect(await linesNow()).toMatchObject({ inUse: QUEUED_LINES, waiting: 1, listed: 1 });

    // A nurse's call takes the line held back for people.
    const nurse = nurseOf(organizationId);
    const staffCall = await placeCall(w.deps, nurse, patients[QUEUED_LINES + 1]!);
    expect(staffCall.call.status).toBe('queued');
    expect((await linesNow()).inUse).toBe(BUDGET);

    // Every line is in use: refused before Vapi is asked, in staff's words, and no call log is left.
    const before = w.voice.placed.length;
    const refused = await placeCall(w.deps, nurse, patients[QUEUED_LINES + 2]!).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, code: 'call.lines_busy' });
    expect(w.voice.placed.length).toBe(before);
    const page = await table.callLogs.pageHistory(patients[QUEUED_LINES + 2]!, 10, null);
    expect(page).toMatchObject({ items: [] });
    expect((await linesNow()).inUse).toBe(BUDGET);

    // The calls end and the waiting one is cancelled: every line and the waiting list are free again.
    now = new Date(now.getTime() + CALL_MS);
    await reportEnded(w);
    const waiting = await table.callLogs.get(calls[QUEUED_LINES]!);
    expect(
      await table.committer.commit(cancelScheduledPlan(waiting!.id, now.toISOString(), waiting!.waiting_since)),
    ).toBe('committed');
    expect(await linesNow()).toEqual({ inUse: 0, waiting: 0, listed: 0 });
  }, 180_000);

  it('moves a call that waited past its window to the same window the next day, off the waiting list', async () => {
    now = new Date(DUE.getTime() + 2 * 24 * 3600_000);
    const w = await world();
    const { calls } = await practice(QUEUED_LINES + 1, now);
    const due = now.toISOString();
    for (const id of calls.slice(0, QUEUED_LINES))
      expect(await placeScheduledCall(w.deps, id, 'place-scheduled-call')).toBe('placed');
    const last = calls[QUEUED_LINES]!;
    expect(await placeScheduledCall(w.deps, last, 'place-scheduled-call')).toBe('waiting');
    // Not sent back to the queue on a timer: its one schedule is the end of its window (12:00 EST).
    const windowEnds = new Date(Date.parse(due) + 180 * 60_000);
    expect(w.callQueue.sent).toEqual([]);
    expect(w.schedules).toEqual([{ callLogId: last, at: windowEnds }]);

    // Woken 2 h 50 min later (a line looked free, a staff call took it first): it waits again,
    // listed once, still under the same schedule.
    now = new Date(Date.parse(due) + 170 * 60_000);
    expect(await placeScheduledCall(w.deps, last, 'place-scheduled-call', { waitingSince: due })).toBe('waiting');
    expect(await linesNow()).toMatchObject({ waiting: 1, listed: 1 });
    expect(new Set(w.schedules.map((s) => s.at.getTime()))).toEqual(new Set([windowEnds.getTime()]));
    // Its schedule fires at 12:00, as the morning window closes: the same window tomorrow (9:00 EST).
    now = windowEnds;
    expect(await placeScheduledCall(w.deps, last, 'place-scheduled-call', { waitingSince: due })).toBe('moved');
    const nextDay = new Date(Date.parse(due) + 24 * 3600_000).toISOString();
    expect(await table.callLogs.get(last)).toMatchObject({
      status: 'scheduled',
      scheduled_at: nextDay,
      waiting_since: null,
    });
    expect(w.schedules).toContainEqual({ callLogId: last, at: new Date(nextDay) });
    expect(await linesNow()).toMatchObject({ inUse: QUEUED_LINES, waiting: 0, listed: 0 });
    // Tidy: the running calls end.
    now = new Date(now.getTime() + CALL_MS);
    for (const running of w.voice.running.values()) running.endsAt = now.getTime();
    await reportEnded(w);
    expect((await linesNow()).inUse).toBe(0);
  }, 180_000);

  it('frees the line of a call whose report was lost when the reconciler fails it', async () => {
    now = new Date(DUE.getTime() + 3 * 24 * 3600_000);
    const w = await world();
    const { calls } = await practice(1, now);
    expect(await placeScheduledCall(w.deps, calls[0]!, 'place-scheduled-call')).toBe('placed');
    expect((await linesNow()).inUse).toBe(1);
    // Vapi forgot the call and no report came: 20 minutes later the reconciler fails it.
    w.voice.running.clear();
    now = new Date(now.getTime() + 20 * 60_000);
    expect(await reconcileCalls(w.deps)).toMatchObject({ failed: 1 });
    expect(await table.callLogs.get(calls[0]!)).toMatchObject({ status: 'failed', slot_taken_at: null });
    expect((await linesNow()).inUse).toBe(0);
    // Run again: the settled call frees nothing more.
    await reconcileCalls(w.deps);
    expect((await linesNow()).inUse).toBe(0);
  }, 180_000);

  it('puts a scheduled call back to waiting, its line released, when Vapi answers at capacity', async () => {
    now = new Date(DUE.getTime() + 4 * 24 * 3600_000);
    const w = await world();
    w.voice.limit = 0;
    const { calls, patients } = await practice(1, now);
    const due = now.toISOString();
    expect(await placeScheduledCall(w.deps, calls[0]!, 'place-scheduled-call')).toBe('waiting');
    expect(await table.callLogs.get(calls[0]!)).toMatchObject({
      status: 'scheduled',
      placed_at: null,
      slot_taken_at: null,
      waiting_since: due,
    });
    expect(
      (await table.db.entities.patient.get({ patient_id: patients[0]! }).go()).data?.active_call_id,
    ).toBeUndefined();
    expect(await linesNow()).toMatchObject({ inUse: 0, waiting: 1, listed: 1 });
    expect(w.callQueue.sent).toHaveLength(0);
    // Vapi has a line again, and no call of ours settled to wake it: the reconciler's run sees lines
    // free while a call waits and sends it back to the queue, which places it, off the waiting list.
    w.voice.limit = Number.POSITIVE_INFINITY;
    now = new Date(now.getTime() + 10 * 60_000);
    expect(await reconcileCalls(w.deps)).toMatchObject({ woken: 1 });
    expect(w.callQueue.take()).toEqual([
      { callLogId: calls[0]!, delaySeconds: 0, waitingSince: due, deliverAt: now.getTime() },
    ]);
    expect(await placeScheduledCall(w.deps, calls[0]!, 'place-scheduled-call', { waitingSince: due })).toBe('placed');
    expect(await linesNow()).toMatchObject({ inUse: 1, waiting: 0, listed: 0 });
    now = new Date(now.getTime() + CALL_MS);
    await reportEnded(w);
    expect(await linesNow()).toMatchObject({ inUse: 0, waiting: 0 });
  }, 180_000);
});

describe('a spoken alert to staff holds a line under a lease', () => {
  const takeAlertLine = async (until: Date) => {
    const leaseId = randomUUID();
    const lease = { leaseId, holder: 'alert', takenAt: now.toISOString(), until: until.toISOString() };
    const outcome = await table.committer.commit({
      transaction: leaseTakeWrites(BUDGET, lease, 'lines_busy'),
      afterCommit: [],
    });
    return { leaseId, outcome };
  };
  const named = async (leaseId: string, vendorCallId: string) =>
    table.committer.commit({ transaction: [leaseCallWrite(leaseId, vendorCallId)], afterCommit: [] });

  it("takes a person's line beside queued calls, and gives it back once, only for the Vapi call it names", async () => {
    now = new Date(DUE.getTime() + 5 * 24 * 3600_000);
    const w = await world();
    const unmatched: string[] = [];
    w.deps.signals.unmatched = (reason) => void unmatched.push(reason);
    const { calls } = await practice(QUEUED_LINES + 1, now);
    const placed = [];
    for (const id of calls) placed.push(await placeScheduledCall(w.deps, id, 'place-scheduled-call'));
    // The queued calls use the lines outside the reserve; the last waits.
    expect(placed).toEqual([...Array<string>(QUEUED_LINES).fill('placed'), 'waiting']);

    // The alert may use the line held back for people; a second alert finds none.
    const alert = await takeAlertLine(new Date(now.getTime() + 7 * 60_000));
    expect(alert.outcome).toBe('committed');
    expect((await linesNow()).inUse).toBe(BUDGET);
    expect((await takeAlertLine(new Date(now.getTime() + 7 * 60_000))).outcome).toBe('lines_busy');
    expect((await w.deps.lines.leases()).map((l) => l.leaseId)).toEqual([alert.leaseId]);

    // Vapi's `ended` before CareLoop stored Vapi's id: nothing to bind it to (the reconciler frees it).
    const vendorCallId = randomUUID();
    expect(await recordLeasedCallEnded(w.deps, alert.leaseId, vendorCallId)).toBe('vendor_id_pending');
    expect(await named(alert.leaseId, vendorCallId)).toBe('committed');
    // A signed message naming the lease and another Vapi call frees nothing.
    expect(await recordLeasedCallEnded(w.deps, alert.leaseId, randomUUID())).toBe('vendor_id_mismatch');
    expect((await linesNow()).inUse).toBe(BUDGET);

    expect(await recordLeasedCallEnded(w.deps, alert.leaseId, vendorCallId)).toBe('released');
    expect((await linesNow()).inUse).toBe(BUDGET - 1);
    expect(await w.deps.lines.lease(alert.leaseId)).toBeNull();
    // Delivered again: the line is given back once.
    expect(await recordLeasedCallEnded(w.deps, alert.leaseId, vendorCallId)).toBe('call_settled');
    expect((await linesNow()).inUse).toBe(BUDGET - 1);
    expect(unmatched).toEqual(['vendor_id_pending', 'vendor_id_mismatch', 'call_settled']);
  }, 180_000);

  it('is freed by the reconciler when Vapi says the call ended or its time is up, and kept while it runs', async () => {
    now = new Date(DUE.getTime() + 6 * 24 * 3600_000);
    const w = await world();
    const later = new Date(now.getTime() + 7 * 60_000);
    // Running at Vapi, within its time.
    const running = await takeAlertLine(later);
    const runningCall = (await w.voice.placeCall({ callLogId: 'alert' } as OutboundCallRequest)).vendorCallId;
    expect(await named(running.leaseId, runningCall)).toBe('committed');
    // Ended at Vapi (Vapi no longer has it running), its status update lost.
    const ended = await takeAlertLine(later);
    expect(await named(ended.leaseId, randomUUID())).toBe('committed');
    // Never named (the notifier died before storing Vapi's id): only its time frees it.
    const unnamed = await takeAlertLine(later);
    expect((await linesNow()).inUse).toBe(3);

    expect(await reconcileCalls(w.deps)).toMatchObject({ leasesFreed: 1 });
    expect((await w.deps.lines.leases()).map((l) => l.leaseId).sort()).toEqual(
      [running.leaseId, unnamed.leaseId].sort(),
    );
    expect((await linesNow()).inUse).toBe(2);

    // Past the leases' time: whatever Vapi says, the lines come back, once.
    now = new Date(later.getTime() + 1000);
    expect(await reconcileCalls(w.deps)).toMatchObject({ leasesFreed: 2 });
    expect(await reconcileCalls(w.deps)).toMatchObject({ leasesFreed: 0 });
    expect(await w.deps.lines.leases()).toEqual([]);
    expect((await linesNow()).inUse).toBe(0);
  }, 180_000);
});
