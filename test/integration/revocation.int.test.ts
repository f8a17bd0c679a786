/**
 * Revocation (product-rules.md "Accounts and sign-in"): removing a user, changing their role or moving them to
 * another organization signs them out everywhere, and the API refuses their existing ID token at once.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProviderOrganization } from '../../shared/domain';
import { DEMO_PASSWORD, call, signIn } from '../support/api';
import {
  auditTrail,
  cognitoOf,
  createOrganization,
  createPatient,
  createUser,
  expectStatus,
  operatorToken,
  uniqueEmail,
} from '../support/fixtures';

const stack = inject('stack');
let operator: string;
let first: ProviderOrganization;
let second: ProviderOrganization;

beforeAll(async () => {
  operator = await operatorToken(stack);
  [first, second] = await Promise.all([createOrganization(stack), createOrganization(stack)]);
});

const UNAUTHORIZED = { status: 401, body: { error: 'Unauthorized', code: 'auth.unauthorized' } };

/** A new account signed in: its ID token and its refresh token. */
async function signedInUser(role: 'provider' | 'careloop_employee', providerId?: string) {
  const email = uniqueEmail('revoked');
  const user = await createUser(stack, { email, role, ...(providerId ? { provider_id: providerId } : {}) });
  const idToken = await signIn(stack, email);
  const refreshToken = await refreshTokenOf(email);
  return { id: user.id, email, idToken, refreshToken };
}

async function refreshTokenOf(email: string): Promise<string> {
  const out = await cognitoOf(stack).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
    }),
  );
  return out.AuthenticationResult?.RefreshToken ?? '';
}

const refresh = (refreshToken: string) =>
  cognitoOf(stack).send(
    new InitiateAuthCommand({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: stack.userPoolClientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );

const edit = (id: string, email: string, body: Record<string, unknown>) =>
  call(stack, 'PUT', `/users/${id}`, {
    token: operator,
    body: { email, first_name: 'Test', last_name: 'User', ...body },
  });

describe('revocation', () => {
  it("a moved user's existing token gets 401 at once, and their refresh token stops working", async () => {
    const user = await signedInUser('provider', first.id);
    expectStatus(await call(stack, 'GET', `/providers/${first.id}`, { token: user.idToken }), 200);
    await expect(refresh(user.refreshToken)).resolves.toBeDefined();

    expectStatus(await edit(user.id, user.email, { role: 'provider', provider_id: second.id }), 200);

    expect(await call(stack, 'GET', `/providers/${first.id}`, { token: user.idToken })).toEqual(UNAUTHORIZED);
    expect(await call(stack, 'GET', '/me', { token: user.idToken })).toEqual(UNAUTHORIZED);
    expect(
      await call(stack, 'POST', '/patients', {
        token: user.idToken,
        body: { provider_id: first.id, first_name: 'Never', last_name: 'Written', email: uniqueEmail('p') },
      }),
    ).toEqual(UNAUTHORIZED);
    await expect(refresh(user.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    // Signing in again gives a token of the new organization, which the API serves.
    const fresh = await signIn(stack, user.email);
    expect(expectStatus(await call(stack, 'GET', '/me', { token: fresh }), 200)).toMatchObject({
      provider_id: second.id,
    });
    expectStatus(await call(stack, 'GET', `/providers/${second.id}`, { token: fresh }), 200);
  });

  it("a refused read leaves no record: the moved user's token reads no patient and writes no audit event", async () => {
    const patient = await createPatient(stack, first.id);
    const user = await signedInUser('provider', first.id);
    expectStatus(await call(stack, 'GET', `/patients/${patient.id}`, { token: user.idToken }), 200);
    const byUser = async () =>
      (await auditTrail(stack, `patient:${patient.id}`)).filter((event) => event.actor_id === user.id);
    expect((await byUser()).map((event) => [event.action, event.outcome])).toEqual([['patient.read', 'success']]);

    expectStatus(await edit(user.id, user.email, { role: 'provider', provider_id: second.id }), 200);

    expect(await call(stack, 'GET', `/patients/${patient.id}`, { token: user.idToken })).toEqual(UNAUTHORIZED);
    expect(await call(stack, 'GET', `/patients/${patient.id}/care-plan`, { token: user.idToken })).toEqual(
      UNAUTHORIZED,
    );
    expect(await byUser()).toHaveLength(1);
  });

  it('a suspended account: its token gets 401 at once, sign-in is refused, and a restore lets it back; both audited', async () => {
    const user = await signedInUser('provider', first.id);
    expectStatus(await call(stack, 'GET', '/me', { token: user.idToken }), 200);

    const suspended = expectStatus(
      await call<{ user: { suspended_at?: string } }>(stack, 'POST', `/users/${user.id}/suspension`, {
        token: operator,
      }),
      200,
    );
    expect(suspended.user.suspended_at).toEqual(expect.any(String));
    expect(await call(stack, 'GET', '/me', { token: user.idToken })).toEqual(UNAUTHORIZED);
    expect(await call(stack, 'GET', `/providers/${first.id}`, { token: user.idToken })).toEqual(UNAUTHORIZED);
    await expect(refresh(user.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(signIn(stack, user.email)).rejects.toThrow(/disabled/i);
    // Suspending again changes nothing; the operator's list still shows the account, marked.
    expectStatus(await call(stack, 'POST', `/users/${user.id}/suspension`, { token: operator }), 200);

    const restored = expectStatus(
      await call<{ user: Record<string, unknown> }>(stack, 'DELETE', `/users/${user.id}/suspension`, {
        token: operator,
      }),
      200,
    );
    expect(restored.user).not.toHaveProperty('suspended_at');
    const fresh = await signIn(stack, user.email);
    expectStatus(await call(stack, 'GET', '/me', { token: fresh }), 200);
    expect((await auditTrail(stack, `user:${user.id}`)).map((e) => [e.action, e.outcome])).toEqual(
      expect.arrayContaining([
        ['user.suspend', 'success'],
        ['user.restore', 'success'],
      ]),
    );
  });

  it('an operator cannot suspend their own account', async () => {
    const me = expectStatus(await call<{ id: string }>(stack, 'GET', '/me', { token: operator }), 200);
    expect(await call(stack, 'POST', `/users/${me.id}/suspension`, { token: operator })).toEqual({
      status: 400,
      body: { error: 'You cannot suspend your own account', code: 'user.cannot_suspend_self' },
    });
  });

  it("a deleted user's existing token gets 401 at once", async () => {
    const user = await signedInUser('provider', first.id);
    expectStatus(await call(stack, 'GET', '/me', { token: user.idToken }), 200);

    expectStatus(await call(stack, 'DELETE', `/users/${user.id}`, { token: operator }), 200);

    expect(await call(stack, 'GET', '/me', { token: user.idToken })).toEqual(UNAUTHORIZED);
    expect(await call(stack, 'GET', `/providers/${first.id}`, { token: user.idToken })).toEqual(UNAUTHORIZED);
    await expect(refresh(user.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it("a role change: the operator's old employee token gets 401 (not 403) at once", async () => {
    const user = await signedInUser('careloop_employee');
    expectStatus(await call(stack, 'GET', '/users?role=pending', { token: user.idToken }), 200);

    expectStatus(await edit(user.id, user.email, { role: 'provider', provider_id: first.id }), 200);

    expect(await call(stack, 'GET', '/users', { token: user.idToken })).toEqual(UNAUTHORIZED);
    expect(await call(stack, 'GET', '/dashboard-stats', { token: user.idToken })).toEqual(UNAUTHORIZED);
    await expect(refresh(user.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it("an archived organization's users: their tokens get 401 at once", async () => {
    const org = await createOrganization(stack);
    const user = await signedInUser('provider', org.id);
    expectStatus(await call(stack, 'GET', `/providers/${org.id}`, { token: user.idToken }), 200);

    expectStatus(await call(stack, 'DELETE', `/providers/${org.id}`, { token: operator }), 200);

    expect(await call(stack, 'GET', '/me', { token: user.idToken })).toEqual(UNAUTHORIZED);
    await expect(refresh(user.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('an edit that keeps role and organization keeps the user signed in', async () => {
    const user = await signedInUser('provider', first.id);
    expectStatus(
      await edit(user.id, user.email, { role: 'provider', provider_id: first.id, last_name: 'Renamed' }),
      200,
    );
    expect(expectStatus(await call(stack, 'GET', '/me', { token: user.idToken }), 200)).toMatchObject({
      last_name: 'Renamed',
    });
    await expect(refresh(user.refreshToken)).resolves.toBeDefined();
  });
});
