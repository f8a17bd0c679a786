import { describe, expect, it } from 'vitest';
import { EventQueue } from './event-queue';
import { seededRandom } from './fleet-mix';

describe('the event queue', () => {
  it('gives events back soonest first', () => {
    const queue = new EventQueue<string>();
    queue.push(30, 'c');
    queue.push(10, 'a');
    queue.push(20, 'b');
    expect(queue.peek()).toEqual({ at: 10, event: 'a' });
    expect([queue.pop(), queue.pop(), queue.pop(), queue.pop()]).toEqual([
      { at: 10, event: 'a' },
      { at: 20, event: 'b' },
      { at: 30, event: 'c' },
      undefined,
    ]);
    expect(queue.size).toBe(0);
  });

  it('keeps the order events were added in at the same instant', () => {
    const queue = new EventQueue<number>();
    for (let i = 0; i < 50; i++) queue.push(i % 2 === 0 ? 5 : 1, i);
    const taken = Array.from({ length: 50 }, () => queue.pop()!.event);
    const odd = Array.from({ length: 25 }, (_, i) => 2 * i + 1);
    const even = Array.from({ length: 25 }, (_, i) => 2 * i);
    expect(taken).toEqual([...odd, ...even]);
  });

  it('sorts thousands of random times, pushed while popping', () => {
    const random = seededRandom(7);
    const queue = new EventQueue<number>();
    const taken: number[] = [];
    for (let i = 0; i < 5000; i++) {
      const at = Math.floor(random() * 1000);
      queue.push(at, at);
      if (i % 3 === 0) taken.push(queue.pop()!.at);
    }
    // What was popped while pushing is not sorted overall; what is left comes out sorted.
    const rest: number[] = [];
    while (queue.size > 0) rest.push(queue.pop()!.at);
    expect(rest).toEqual([...rest].sort((a, b) => a - b));
    expect(taken.length + rest.length).toBe(5000);
  });

  it('refuses a time that is not a number', () => {
    expect(() => new EventQueue<number>().push(Number.NaN, 1)).toThrow(/finite time/);
  });
});
