/**
 * The fleet simulation (issue 27 item 3): a day of monthly check-ins due across many practices,
 * run on a virtual clock through the real placing (placeScheduledCall), webhook (recordCallStatus,
 * recordCallReport, as the vapi-webhook function dispatches them), follow-up (followUpCall) and
 * reconciler code, against DynamoDB Local. The clock moves event by event: a schedule firing or a
 * queued message delivered (a call due), a call's server message, a `call.completed` event, the
 * reconciler's run every 10 minutes. What stands in for AWS and Vapi works in virtual time:
 * EventBridge Scheduler, the SQS queue of due calls (the `CallQueue` port, honouring delays), the
 * bus, and Vapi (virtual-vapi.ts, with the concurrency limit).
 */
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { MAX_CHECK_IN_RETRIES, UNANSWERED_OUTCOMES } from '../../shared/values/calls';
import { hourIn, todayIn, zonedTimeToUtc } from '../../shared/time-preferences';
import { randomIds, tableDeps } from '../../lambdas/composition-root';
import {
  followUpCall,
  placeScheduledCall,
  reconcileCalls,
  recordCallReport,
  recordCallStatus,
} from '../../lambdas/calls/call-lifecycle';
import type { CallQueue, CallScheduler } from '../../lambdas/calls/ports';
import { DynamoCallLines } from '../../lambdas/calls/store/dynamo-call-lines';
import type { CallSignals } from '../../lambdas/calls/call-metrics';
import type { EventPublisher } from '../../lambdas/kernel/ports';
import { parseVapiWebhook } from '../../lambdas/vendors/vapi/vapi-messages';
import { EventQueue } from './event-queue';
import { fleetPlan, seededRandom } from './fleet-mix';
import { seedFleet, type DueCheckIn } from './fleet-seed';
import { countDynamoUsage } from './dynamo-usage';
import { VirtualVapi, type CallStep } from './virtual-vapi';
import { callsPerPatientMonth, costOf, gbSeconds, perUnit, type ApiPathUsage } from './cloud-costs';

export interface FleetOptions {
  calls: number;
  practices: number;
  /** The deployment's Vapi concurrency (VAPI_CONCURRENCY). */
  slots: number;
  seed: number;
  /** The local date (YYYY-MM-DD) every check-in is due on. */
  day: string;
  dynamoEndpoint: string;
  tableName: string;
  /** The functions' configured memory (infra/constructs/careloop-function.ts). */
  memoryMb: number;
}

/** The functions the real deployment would invoke, by name. */
export type FleetFunction =
  'place-scheduled-call' | 'vapi-webhook' | 'call-follow-up' | 'notify-call' | 'reconcile-calls';

export interface FleetFigures {
  calls: number;
  /** Calls whose end-of-call report was stored. */
  completed: number;
  /** Of those, placed inside their time preference's window (its three hours). */
  completedInWindow: number;
  /** Ended without a report (failed placing). */
  failed: number;
  /** Pending at the end of the day's calling window, due again on a later day. */
  moved: number;
  /** Neither ended nor due again: must be 0. */
  lost: number;
  lostStatuses: Record<string, number>;
  /** Call logs Vapi started more than once: must be 0. */
  twice: number;
  /** The longest time from a call's due time to Vapi starting it (ms). */
  longestWaitMs: number;
  /** Creates Vapi refused with every slot busy, and the most calls running at once. */
  atCapacity: number;
  peakSlots: number;
  placements: Record<string, number>;
  /** Vapi messages that matched no call (DECISIONS "Vendor trust"): 0 in a healthy run. */
  unmatched: number;
  /** Answered share: unanswered (no answer, busy, voicemail) reports over all stored reports. */
  unanswered: number;
  dynamoRequests: Record<string, number>;
  dynamoEstimated: number;
  invocations: Record<FleetFunction, number>;
  usage: ApiPathUsage;
  perCompletedCall: ApiPathUsage;
  /** The API path's dollars per completed call and per patient-month (retries included). */
  dollarsPerCall: number;
  dollarsPerPatientMonth: number;
  callsPerPatientMonth: number;
  /** Wall time of the simulated day (seeding and the final check left out), ms. */
  simulatedInMs: number;
}

type FleetEvent =
  | { kind: 'due'; callLogId: string; via: 'schedule' | 'queue'; token?: number; waitingSince?: string }
  | { kind: 'vapi'; vendorCallId: string; step: CallStep }
  | { kind: 'completed'; callLogId: string }
  | { kind: 'reconcile' };

/**
 * Where a firing schedule sends its call: straight to the placer (a Lambda target), or into the SQS
 * queue the placer reads (each delivery then also costs SQS's send, receive and delete).
 */
const SCHEDULES_FIRE_INTO_QUEUE = true;
/** EventBridge Scheduler fires no sooner than a minute from now (eventbridge-call-scheduler.ts). */
const SCHEDULE_LEAD_MS = 60_000;
/** A bus event reaches its rules' targets about a second later. */
const BUS_DELAY_MS = 1000;
const RECONCILE_EVERY_MS = 10 * 60_000;
const PREFERENCE_WINDOW_MS = 3 * 3600_000;
const CALLING_DAY_ENDS_HOUR = 21;

export async function runFleet(options: FleetOptions): Promise<FleetFigures> {
  const random = seededRandom(options.seed);
  const plan = fleetPlan(options.calls, options.practices, random);
  let now = zonedTimeToUtc(options.day, 0, 'America/New_York').getTime() - 24 * 3600_000;
  const clock = { now: () => new Date(now) };
  const client = new DynamoDBClient({
    endpoint: options.dynamoEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const dynamo = countDynamoUsage(client);
  const table = tableDeps(
    { tableName: options.tableName, region: 'us-east-1', dynamoEndpoint: options.dynamoEndpoint },
    clock,
    randomIds,
    client,
  );
  const due = await seedFleet(table, plan, options.day);
  const fleet = new Map<string, DueCheckIn>(due.map((d) => [d.callLogId, d]));

  const events = new EventQueue<FleetEvent>();
  const usage = { sqs: 0, scheduler: 0, bus: 0, api: 0, billedMs: 0 };
  const invocations: Record<FleetFunction, number> = {
    'place-scheduled-call': 0,
    'vapi-webhook': 0,
    'call-follow-up': 0,
    'notify-call': 0,
    'reconcile-calls': 0,
  };
  const placements: Record<string, number> = {};
  let unmatched = 0;

  const schedules = new Map<string, Set<number>>();
  let token = 0;
  const scheduler: CallScheduler = {
    schedule: (callLogId, at) => {
      const t = ++token;
      schedules.set(callLogId, (schedules.get(callLogId) ?? new Set()).add(t));
      events.push(Math.max(at.getTime(), now + SCHEDULE_LEAD_MS), {
        kind: 'due',
        callLogId,
        via: 'schedule',
        token: t,
      });
      return Promise.resolve();
    },
    cancel: (callLogId) => {
      schedules.delete(callLogId);
      return Promise.resolve();
    },
  };
  const queue: CallQueue = {
    enqueue: (callLogId, delaySeconds, waitingSince) => {
      usage.sqs++;
      events.push(now + delaySeconds * 1000, { kind: 'due', callLogId, via: 'queue', waitingSince });
      return Promise.resolve();
    },
  };
  const bus: EventPublisher = {
    publish: (published) => {
      for (const event of published) {
        usage.bus++;
        if (event.type === 'call.completed') {
          const { callLogId } = event.detail as { callLogId: string };
          events.push(now + BUS_DELAY_MS, { kind: 'completed', callLogId });
        }
      }
      return Promise.resolve();
    },
  };
  const signals: CallSignals = {
    unmatched: () => void unmatched++,
    callCost: () => undefined,
    waitingForLine: () => undefined,
    lineWait: () => undefined,
  };
  const vapi = new VirtualVapi(options.slots, clock, random, (at, vendorCallId, step) =>
    events.push(at, { kind: 'vapi', vendorCallId, step }),
  );
  const deps = {
    ...table,
    voice: vapi,
    defaultAssistantId: 'fleet-assistant',
    scheduler,
    callQueue: queue,
    events: bus,
    signals,
    callLines: options.slots,
    lines: new DynamoCallLines(table.db),
  };

  /** One function invocation: counted, and its wall time billed (per whole millisecond). */
  const invoke = async <T>(name: FleetFunction, run: () => Promise<T>): Promise<T> => {
    invocations[name]++;
    const start = performance.now();
    try {
      return await run();
    } finally {
      usage.billedMs += Math.ceil(performance.now() - start);
    }
  };
  /** The placing step: the place-scheduled-call job on one due call. */
  const place = (callLogId: string, waitingSince?: string) =>
    placeScheduledCall(deps, callLogId, 'place-scheduled-call', waitingSince ? { waitingSince } : {});
  /** What the vapi-webhook function does with a verified body. */
  const webhook = async (body: unknown) => {
    const message = parseVapiWebhook(body);
    if (message.type === 'status-update') {
      await recordCallStatus(deps, message.callLogId, message.vendorCallId, message.status);
    } else if (message.type === 'end-of-call-report') {
      await recordCallReport(deps, message.callLogId, message.report, 'vapi-webhook');
    }
  };

  const dayEnds = new Map(
    plan.practices.map((zone) => [zone, zonedTimeToUtc(options.day, CALLING_DAY_ENDS_HOUR, zone).getTime()]),
  );
  const horizon = Math.max(...dayEnds.values());
  /** Calls due again after their day's calling window: moved to a later day. */
  const movedAt = new Map<string, number>();
  const firstDue = Math.min(...due.map((d) => d.dueAt));
  now = firstDue - RECONCILE_EVERY_MS;
  // Each first check-in's schedule, made when its patient was enrolled.
  for (const d of due) {
    const t = ++token;
    schedules.set(d.callLogId, new Set([t]));
    events.push(d.dueAt, { kind: 'due', callLogId: d.callLogId, via: 'schedule', token: t });
  }
  events.push(now, { kind: 'reconcile' });

  dynamo.on = true;
  const started = performance.now();
  for (let next = events.pop(); next; next = events.pop()) {
    now = next.at;
    const event = next.event;
    switch (event.kind) {
      case 'due': {
        const call = fleet.get(event.callLogId);
        // A later check-in or retry (the follow-up's): tomorrow's or next month's work, not this day's.
        if (!call) break;
        if (event.via === 'schedule') {
          const live = schedules.get(event.callLogId);
          if (!live?.delete(event.token ?? -1)) break;
        }
        const local = new Date(now);
        if (todayIn(call.timeZone, local) > options.day || hourIn(call.timeZone, local) >= CALLING_DAY_ENDS_HOUR) {
          movedAt.set(event.callLogId, now);
          break;
        }
        if (event.via === 'schedule') usage.scheduler++;
        // A message in the queue is received and deleted; a schedule into the queue sent it first.
        if (event.via === 'queue' || SCHEDULES_FIRE_INTO_QUEUE) usage.sqs += event.via === 'queue' ? 2 : 3;
        const result = await invoke('place-scheduled-call', () => place(event.callLogId, event.waitingSince));
        placements[result] = (placements[result] ?? 0) + 1;
        break;
      }
      case 'vapi': {
        const body = vapi.step(event.vendorCallId, event.step);
        usage.api++;
        await invoke('vapi-webhook', () => webhook(body));
        break;
      }
      case 'completed':
        // Two rules take call.completed: the follow-up (run here: it wakes the calls waiting for the
        // line given back, and moves the cadence on) and notify-call (counted, not run).
        await invoke('call-follow-up', () => followUpCall(deps, event.callLogId));
        invocations['notify-call']++;
        break;
      case 'reconcile':
        await invoke('reconcile-calls', () => reconcileCalls(deps));
        if (now < horizon) events.push(now + RECONCILE_EVERY_MS, { kind: 'reconcile' });
        break;
    }
  }
  const simulatedInMs = performance.now() - started;
  dynamo.on = false;

  let completed = 0;
  let completedInWindow = 0;
  let failed = 0;
  let moved = 0;
  let unansweredReports = 0;
  const lostStatuses: Record<string, number> = {};
  for (const d of due) {
    const log = await table.callLogs.get(d.callLogId);
    const placedAt = vapi.firstPlacedAt.get(d.callLogId);
    if (log?.report_received_at) {
      completed++;
      if (placedAt !== undefined && placedAt - d.dueAt < PREFERENCE_WINDOW_MS) completedInWindow++;
      if (log.outcome && UNANSWERED_OUTCOMES.includes(log.outcome)) unansweredReports++;
    } else if (log?.status === 'failed' || log?.status === 'completed') failed++;
    else if (movedAt.has(d.callLogId) && log?.status === 'scheduled') moved++;
    else lostStatuses[log?.status ?? 'missing'] = (lostStatuses[log?.status ?? 'missing'] ?? 0) + 1;
  }
  const waits = due.flatMap((d) => {
    const placedAt = vapi.firstPlacedAt.get(d.callLogId);
    return placedAt === undefined ? [] : [placedAt - d.dueAt];
  });
  const lambdaInvocations = Object.values(invocations).reduce((sum, n) => sum + n, 0);
  const measured = lambdaInvocations - invocations['notify-call'];
  const used: ApiPathUsage = {
    dynamoReadUnits: dynamo.readUnits,
    dynamoWriteUnits: dynamo.writeUnits,
    lambdaInvocations,
    // notify-call, not run, is billed at the mean of the functions that were.
    lambdaGbSeconds: gbSeconds(lambdaInvocations, measured ? usage.billedMs / measured : 0, options.memoryMb),
    sqsRequests: usage.sqs,
    schedulerInvocations: usage.scheduler,
    busEvents: usage.bus,
    apiRequests: usage.api,
  };
  const perCall = perUnit(used, Math.max(completed, 1));
  const unanswered = completed ? unansweredReports / completed : 0;
  const perMonth = callsPerPatientMonth(unanswered, MAX_CHECK_IN_RETRIES);
  const dollarsPerCall = costOf(perCall).total;
  return {
    calls: due.length,
    completed,
    completedInWindow,
    failed,
    moved,
    lost: Object.values(lostStatuses).reduce((sum, n) => sum + n, 0),
    lostStatuses,
    twice: [...vapi.placements.values()].filter((n) => n > 1).length,
    longestWaitMs: waits.length ? Math.max(...waits) : 0,
    atCapacity: vapi.atCapacity,
    peakSlots: vapi.peak,
    placements,
    unmatched,
    unanswered,
    dynamoRequests: Object.fromEntries(dynamo.byCommand),
    dynamoEstimated: dynamo.estimated,
    invocations,
    usage: used,
    perCompletedCall: perCall,
    dollarsPerCall,
    dollarsPerPatientMonth: dollarsPerCall * perMonth,
    callsPerPatientMonth: perMonth,
    simulatedInMs,
  };
}
