/**
 * Lambda's asynchronous invocation, as Scheduler and EventBridge use it: a failing handler is run
 * again with backoff (3 attempts in all) and then goes to the function's dead-letter queue. The
 * invoker also keeps the work under way, so the services can wait for it and stop cutting it short.
 */
import type { JobName } from '../../jobs';

/** Lambda runs a failing asynchronous invocation (from Scheduler or EventBridge) three times in all. */
export const LAMBDA_ASYNC_ATTEMPTS = 3;
const MAX_RETRY_DELAY_MS = 30_000;

export type InvokeJob = (job: JobName, event: unknown) => Promise<unknown>;

export interface DeadLetter {
  trigger: 'schedule' | 'rate' | 'event' | 'stream' | 'queue';
  /**
   * function: the handler failed every asynchronous attempt (AWS: the function's dead-letter queue);
   * trigger: it could not be invoked at all (AWS: the schedule's DeadLetterConfig), or a queue's
   * message was received `maxReceiveCount` times (AWS: the queue's redrive policy).
   */
  destination: 'function' | 'trigger';
  /** The schedule name (`rate:<job>` for rate jobs), the event id or the message id. */
  id: string;
  job: JobName | null;
  targetArn: string;
  /** The schedule's DeadLetterConfig for `trigger`; null for `function` (the CDK's queue). */
  deadLetterArn: string | null;
  attempts: number;
  /** The error's name (ids and codes only: an error message may carry data). */
  errorCode: string;
  at: string;
  /** Scheduler: the target Input, which AWS puts in the DLQ message body; a queue: the message body (ids only, by contract). */
  input?: string;
  /** Bus: the event's detail type. */
  detailType?: string;
}

/** Where a trigger puts what failed (the services keep them, with the time). */
export type DeadLetterSink = (letter: Omit<DeadLetter, 'at'>) => void;

/** A sleep that stop() cuts short. */
function sleeper() {
  const wakers = new Set<() => void>();
  return {
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wakers.delete(done);
          resolve();
        }
        wakers.add(done);
      }),
    wakeAll: () => [...wakers].forEach((wake) => wake()),
  };
}

export interface AsyncInvokerOptions {
  invoke: InvokeJob;
  /** First retry delay; doubles per attempt up to 30 s. */
  retryDelayMs: number;
  log: (line: string) => void;
}

export type AsyncInvoker = ReturnType<typeof createAsyncInvoker>;

export function createAsyncInvoker({ invoke, retryDelayMs, log }: AsyncInvokerOptions) {
  let stopped = false;
  const { sleep, wakeAll } = sleeper();
  const work = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>): Promise<T> => {
    work.add(promise);
    void promise.finally(() => work.delete(promise)).catch(() => undefined);
    return promise;
  };

  /** Invokes a job until it succeeds or the attempts run out, backing off between attempts. */
  async function invokeWithRetries(job: JobName, event: unknown, maxAttempts: number) {
    let errorCode = 'Unknown';
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      try {
        await invoke(job, event);
        return { ok: true as const, attempts: attempt };
      } catch (error) {
        errorCode = error instanceof Error ? error.name : 'Unknown';
        log(`${job} failed (${errorCode}), attempt ${attempt} of ${maxAttempts}`);
        if (stopped || attempt === maxAttempts) return { ok: false as const, attempts: attempt, errorCode };
        await sleep(Math.min(retryDelayMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS));
        if (stopped) return { ok: false as const, attempts: attempt, errorCode };
      }
    }
    return { ok: false as const, attempts: maxAttempts, errorCode };
  }

  return {
    track,
    invokeWithRetries,
    /** Stopped: retries end at once, and what they leave is not dead-lettered. */
    isStopped: () => stopped,
    /** Waits until no invocation it tracks is under way. */
    async settled() {
      while (work.size > 0) await Promise.allSettled([...work]);
    },
    stop() {
      stopped = true;
      wakeAll();
    },
  };
}
