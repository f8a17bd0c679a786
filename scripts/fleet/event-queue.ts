/**
 * The fleet simulation's clock (issue 27 item 3): events in virtual time, taken soonest first and,
 * at the same instant, in the order they were added (a binary heap on time, then sequence).
 */
export interface Timed<T> {
  at: number;
  event: T;
}

export class EventQueue<T> {
  private readonly heap: { at: number; seq: number; event: T }[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  /** Adds `event` at `at` (epoch milliseconds). */
  push(at: number, event: T): void {
    if (!Number.isFinite(at)) throw new Error(`An event needs a finite time, not ${at}`);
    const heap = this.heap;
    heap.push({ at, seq: this.seq++, event });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  /** The soonest event, without taking it. */
  peek(): Timed<T> | undefined {
    const top = this.heap[0];
    return top && { at: top.at, event: top.event };
  }

  /** Takes the soonest event (the earliest added among those at the same time). */
  pop(): Timed<T> | undefined {
    const heap = this.heap;
    const top = heap[0];
    if (!top) return undefined;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let first = i;
        if (left < heap.length && this.before(left, first)) first = left;
        if (right < heap.length && this.before(right, first)) first = right;
        if (first === i) break;
        [heap[i], heap[first]] = [heap[first]!, heap[i]!];
        i = first;
      }
    }
    return { at: top.at, event: top.event };
  }

  private before(a: number, b: number): boolean {
    const x = this.heap[a]!;
    const y = this.heap[b]!;
    return x.at < y.at || (x.at === y.at && x.seq < y.seq);
  }
}
