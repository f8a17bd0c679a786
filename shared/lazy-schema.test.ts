import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { EVENT_DETAILS, EVENT_TYPES } from '../lambdas/kernel/events';

describe('lazySchema', () => {
  it('builds nothing until first read, then builds once', () => {
    const build = vi.fn(() => z.object({ name: z.string() }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.safeParse({ name: 'a' }).success).toBe(true);
    expect(schema.safeParse({ name: 1 }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('behaves as the schema it stands for: nested, extended, its shape and its class', () => {
    const inner = lazySchema(() => z.string().check(z.minLength(2, { error: 'too short' })));
    const outer = lazySchema(() => z.object({ code: inner }));
    const wider = lazySchema(() => z.extend(outer, { n: z.number() }));
    expect(wider.safeParse({ code: 'x', n: 1 }).error?.issues[0]?.message).toBe('too short');
    expect(wider.parse({ code: 'xy', n: 1 })).toEqual({ code: 'xy', n: 1 });
    expect(outer.shape.code).toBe(inner);
    expect(outer).toBeInstanceOf(z.ZodMiniObject);
  });

  it('spreads a lazy field list into an object', () => {
    const fields = lazySchema(() => ({ a: z.string(), b: z.optional(z.number()) }));
    const schema = z.object({ ...fields, c: z.boolean() });
    expect(Object.keys(schema.shape)).toEqual(['a', 'b', 'c']);
    expect(schema.safeParse({ a: 'x', c: true }).success).toBe(true);
    expect(schema.safeParse({ a: 'x', b: 'no', c: true }).success).toBe(false);
  });

  it('keeps the event types listed while their contracts wait for first use', () => {
    expect(EVENT_TYPES).toEqual([
      'call.completed',
      'patient.archived',
      'organization.archived',
      'panel_import.started',
    ]);
    expect(EVENT_DETAILS['organization.archived'].safeParse({ organizationId: 'org-1' }).success).toBe(true);
    expect(EVENT_DETAILS['organization.archived'].safeParse({ organizationId: 'org 1', extra: 1 }).success).toBe(false);
  });
});
