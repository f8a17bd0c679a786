import { describe, expect, it } from 'vitest';
import { MOST_WOKEN, wakeWaitingCalls } from './call-lifecycle';
import type { WaitingCall } from './ports';

/** The waiting list and the queue as the wake meets them, recording what it read and sent. */
function world(budget: number, inUse: number, waitingCalls: number) {
  const waiting: WaitingCall[] = Array.from({ length: waitingCalls }, (_, i) => ({
    callLogId: `call-${i}`,
    waitingSince: new Date(Date.UTC(2026, 11, 1, 14, 0, i)).toISOString(),
  }));
  const reads: string[] = [];
  const sent: { callLogId: string; delaySeconds: number; waitingSince?: string }[] = [];
  const deps = {
    callLines: budget,
    lines: {
      counts: async () => {
        reads.push('counts');
        return { inUse, waiting: waiting.length };
      },
      oldestWaiting: async (limit: number) => {
        reads.push(`oldest ${limit}`);
        return waiting.slice(0, limit);
      },
    },
    callQueue: {
      enqueue: async (callLogId: string, delaySeconds: number, waitingSince?: string) =>
        void sent.push({ callLogId, delaySeconds, waitingSince }),
    },
  };
  return { deps, reads, sent, waiting };
}

describe('waking the calls that wait for a line', () => {
  it('sends the oldest waiting calls to the queue at once, as many as lines a queued call may use are free', async () => {
    // 10 lines, one held back for people: 9 for queued calls, 7 in use, so 2 free.
    const w = world(10, 7, 5);
    expect(await wakeWaitingCalls(w.deps)).toBe(2);
    expect(w.reads).toEqual(['counts', 'oldest 2']);
    expect(w.sent).toEqual([
      { callLogId: 'call-0', delaySeconds: 0, waitingSince: w.waiting[0]!.waitingSince },
      { callLogId: 'call-1', delaySeconds: 0, waitingSince: w.waiting[1]!.waitingSince },
    ]);
  });

  it('reads only the counts when nobody waits, or when no line a queued call may use is free', async () => {
    const idle = world(10, 0, 0);
    expect(await wakeWaitingCalls(idle.deps)).toBe(0);
    expect(idle.reads).toEqual(['counts']);
    // The line held back for people is free, but a check-in may not take it.
    const busy = world(10, 9, 4);
    expect(await wakeWaitingCalls(busy.deps)).toBe(0);
    expect(busy.reads).toEqual(['counts']);
    expect([...idle.sent, ...busy.sent]).toEqual([]);
  });

  it('wakes no more than are waiting, and never more than MOST_WOKEN in one run', async () => {
    const few = world(10, 0, 3);
    expect(await wakeWaitingCalls(few.deps)).toBe(3);
    expect(few.reads).toEqual(['counts', 'oldest 3']);
    const many = world(200, 0, 500);
    expect(await wakeWaitingCalls(many.deps)).toBe(MOST_WOKEN);
    expect(many.sent.map((m) => m.callLogId)).toEqual(many.waiting.slice(0, MOST_WOKEN).map((c) => c.callLogId));
  });

  it('wakes nothing when a manual repair left more lines in use than the budget', async () => {
    const w = world(5, 9, 2);
    expect(await wakeWaitingCalls(w.deps)).toBe(0);
    expect(w.sent).toEqual([]);
  });
});
