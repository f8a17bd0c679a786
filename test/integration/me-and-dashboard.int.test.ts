import { describe, expect, inject, it } from 'vitest';
import type { Page } from '../../shared/domain';
import { DEMO, call, signIn, tokenFor } from '../support/api';
import { organizationOf } from '../support/fixtures';

const stack = inject('stack');

describe('GET /me', () => {
  it('answers 401 without a token and with a forged one', async () => {
    expect(await call(stack, 'GET', '/me')).toEqual({
      status: 401,
      body: { error: 'Unauthorized', code: 'auth.unauthorized' },
    });
    const forged = `${(await signIn(stack, DEMO.operator)).slice(0, -4)}AAAA`;
    expect((await call(stack, 'GET', '/me', { token: forged })).status).toBe(401);
  });

  it("returns the operator's profile, role and no organization", async () => {
    const token = await signIn(stack, DEMO.operator);
    const { status, body } = await call(stack, 'GET', '/me', { token });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      email: DEMO.operator,
      first_name: 'Avery',
      role: 'careloop_employee',
      provider_id: null,
      provider: null,
    });
  });

  it("returns a provider user's organization", async () => {
    const { body } = await call(stack, 'GET', '/me', { token: await signIn(stack, DEMO.sunrise) });
    const { provider_id } = body as { provider_id: string };
    const organization = await organizationOf(stack, provider_id);
    expect(body).toMatchObject({ role: 'provider', provider: { id: organization.id, name: organization.name } });
  });

  it('answers role null for an account in no group (self sign-up awaiting an operator)', async () => {
    const { status, body } = await call(stack, 'GET', '/me', { token: await tokenFor(stack, null) });
    expect(status).toBe(200);
    expect(body).toMatchObject({ role: null, provider: null });
  });
});

describe('GET /dashboard-stats', () => {
  it('walks 401 → 403 → success', async () => {
    expect((await call(stack, 'GET', '/dashboard-stats')).status).toBe(401);

    const patient = await call(stack, 'GET', '/dashboard-stats', { token: await tokenFor(stack, 'patient') });
    expect(patient).toEqual({ status: 403, body: { error: expect.any(String), code: 'auth.forbidden' } });
    const pending = await call(stack, 'GET', '/dashboard-stats', { token: await tokenFor(stack, null) });
    expect(pending.status).toBe(403);

    const { status, body } = await call<Record<string, unknown>>(stack, 'GET', '/dashboard-stats', {
      token: await signIn(stack, DEMO.operator),
    });
    expect(status).toBe(200);
    expect(body.totalProviders).toBeGreaterThanOrEqual(2);
    expect(body.totalPatients).toBeGreaterThanOrEqual(60);
    expect(body.totalUsers).toBeGreaterThanOrEqual(5);
    // The seeded demo has a call history and upcoming monthly check-ins: counters, not placeholders.
    expect(body.callsCount).toBeGreaterThanOrEqual(40);
    expect(body.scheduledCallsCount).toBeGreaterThanOrEqual(10);
    expect(body.callsThisMonth as number).toBeLessThanOrEqual(body.callsCount as number);
    expect((body.providers as unknown[]).length).toBeLessThanOrEqual(4);
  });

  it("gives a provider user their own organization's totals only", async () => {
    const token = await signIn(stack, DEMO.sunrise);
    const { status, body } = await call<Record<string, unknown>>(stack, 'GET', '/dashboard-stats', { token });
    expect(status).toBe(200);
    // Exactly the organization's own patients (other test files add patients to it too).
    const me = await call<{ provider_id: string }>(stack, 'GET', '/me', { token });
    let own = 0;
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page: { status: number; body: Page<unknown> } = await call<Page<unknown>>(
        stack,
        'GET',
        `/providers/${me.body.provider_id}/patients?limit=100${query}`,
        { token },
      );
      own += page.body.items.length;
      cursor = page.body.next_cursor;
    } while (cursor !== null);
    expect(body.totalPatients).toBe(own);
    const all = await call<Record<string, unknown>>(stack, 'GET', '/dashboard-stats', {
      token: await signIn(stack, DEMO.operator),
    });
    expect(body.totalPatients as number).toBeLessThan(all.body.totalPatients as number);
    expect(body.providers).toEqual([]);
  });
});
