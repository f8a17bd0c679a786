/** User management against DynamoDB Local and cognito-local: accounts, groups, profiles, counts. */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { UserProfile } from '../../shared/domain';
import { DEMO, call, signIn } from '../support/api';
import {
  accountOf,
  createOrganization,
  createUser,
  expectStatus,
  operatorToken,
  totals,
  unique,
  uniqueEmail,
} from '../support/fixtures';

const stack = inject('stack');
let operator: string;

beforeAll(async () => {
  operator = await operatorToken(stack);
});

const me = async (token: string) => expectStatus(await call<UserProfile>(stack, 'GET', '/me', { token }), 200);
const listUsers = async (query: string) =>
  expectStatus(await call<{ users: UserProfile[] }>(stack, 'GET', `/users${query}`, { token: operator }), 200).users;

describe('user list', () => {
  it('searches by e-mail text, ignoring case, and filters by role', async () => {
    const org = await createOrganization(stack);
    const tag = unique('list').toLowerCase();
    const [staff, patient] = await Promise.all([
      createUser(stack, {
        email: `${tag}.staff@example.test`,
        role: 'provider',
        provider_id: org.id,
        first_name: 'Ada',
        last_name: 'Byron',
      }),
      createUser(stack, { email: `${tag}.patient@example.test`, role: 'patient', provider_id: org.id }),
    ]);
    expect((await listUsers(`?search=${tag.toUpperCase()}`)).map((u) => u.id).sort()).toEqual(
      [staff.id, patient.id].sort(),
    );
    expect((await listUsers(`?search=${tag}&role=all`)).length).toBe(2);
    const providers = await listUsers(`?search=${tag}&role=provider`);
    expect(providers).toEqual([
      expect.objectContaining({
        id: staff.id,
        full_name: 'Ada Byron',
        role: 'provider',
        provider: { id: org.id, name: org.name },
      }),
    ]);
    const employees = await listUsers('?role=careloop_employee');
    expect(employees.map((u) => u.email)).toContain(DEMO.operator);
    expect(employees.every((u) => u.provider === null)).toBe(true);
  });
});

describe('user create', () => {
  it('creates a Cognito account in the role group with the organization, and counts it', async () => {
    const org = await createOrganization(stack);
    const before = await totals(stack);
    const email = uniqueEmail('new');
    const user = await createUser(stack, {
      email: `  ${email.toUpperCase()} `,
      role: 'provider',
      provider_id: org.id,
      phone_number: '+18135550123',
    });
    expect(user).toMatchObject({
      email,
      role: 'provider',
      provider_id: org.id,
      provider: { id: org.id, name: org.name },
      phone_number: '+18135550123',
      notification_preferences: { new_summaries: ['email'], escalations: ['email'] },
      assigned_at: expect.any(String),
    });
    expect((await totals(stack)).totalUsers).toBe(before.totalUsers + 1);
    expect(await accountOf(stack, user.id)).toEqual({ enabled: true, groups: ['provider'] });
    expect(await me(await signIn(stack, email))).toMatchObject({
      id: user.id,
      role: 'provider',
      provider: { id: org.id },
    });
  });

  it('refuses a missing organization (404) and an e-mail already in use (409)', async () => {
    const missing = await call(stack, 'POST', '/users', {
      token: operator,
      body: {
        email: uniqueEmail(),
        password: 'secret1',
        first_name: 'A',
        last_name: 'B',
        role: 'patient',
        provider_id: 'no-such-org',
      },
    });
    expect(missing).toEqual({ status: 404, body: { error: 'Provider Not Found', code: 'provider.not_found' } });
    const taken = await call(stack, 'POST', '/users', {
      token: operator,
      body: { email: DEMO.sunrise, password: 'secret1', first_name: 'A', last_name: 'B', role: 'careloop_employee' },
    });
    expect(taken).toMatchObject({ status: 409, body: { code: 'user.email_taken' } });
  });
});

describe('user update', () => {
  it('moves the Cognito group on a role change; an employee loses the organization', async () => {
    const org = await createOrganization(stack);
    const email = uniqueEmail('mover');
    const user = await createUser(stack, { email, role: 'provider', provider_id: org.id });
    const edit = (body: Record<string, unknown>) =>
      call<{ user: UserProfile }>(stack, 'PUT', `/users/${user.id}`, {
        token: operator,
        body: { email, first_name: 'Moved', last_name: 'User', ...body },
      });

    const promoted = expectStatus(await edit({ role: 'careloop_employee', provider_id: org.id }), 200).user;
    expect(promoted).toMatchObject({ role: 'careloop_employee', provider_id: null, provider: null, assigned_at: null });
    expect(await accountOf(stack, user.id)).toEqual({ enabled: true, groups: ['careloop_employee'] });
    expect(await me(await signIn(stack, email))).toMatchObject({
      role: 'careloop_employee',
      provider_id: null,
      first_name: 'Moved',
    });

    const demoted = expectStatus(await edit({ role: 'patient', provider_id: org.id }), 200).user;
    expect(demoted).toMatchObject({
      role: 'patient',
      provider: { id: org.id },
      notification_preferences: { new_summaries: [], escalations: [] },
    });
    expect(await accountOf(stack, user.id)).toEqual({ enabled: true, groups: ['patient'] });
    expect(await me(await signIn(stack, email))).toMatchObject({ role: 'patient', provider_id: org.id });
  });

  it('changes the sign-in e-mail', async () => {
    const user = await createUser(stack, { role: 'careloop_employee' });
    const email = uniqueEmail('renamed');
    const answer = await call<{ user: UserProfile }>(stack, 'PUT', `/users/${user.id}`, {
      token: operator,
      body: { email, first_name: 'Re', last_name: 'Named', role: 'careloop_employee' },
    });
    expect(expectStatus(answer, 200).user).toMatchObject({ email, full_name: 'Re Named' });
    expect(await me(await signIn(stack, email))).toMatchObject({ id: user.id, email });
  });
});

describe('own account', () => {
  it("never changes one's own role (an operator cannot demote themselves out of administration)", async () => {
    const self = await me(operator);
    const answer = await call(stack, 'PUT', `/users/${self.id}`, {
      token: operator,
      body: {
        email: self.email,
        first_name: self.first_name,
        last_name: self.last_name,
        role: 'patient',
        provider_id: 'x',
      },
    });
    expect(answer).toEqual({
      status: 400,
      body: { error: 'You cannot change your own role', code: 'user.cannot_change_own_role' },
    });
    expect((await me(await signIn(stack, DEMO.operator))).role).toBe('careloop_employee');
  });
});

describe('user delete', () => {
  it('never deletes oneself', async () => {
    const self = await me(operator);
    const answer = await call(stack, 'DELETE', `/users/${self.id}`, { token: operator });
    expect(answer).toEqual({
      status: 400,
      body: { error: 'You cannot delete your own account', code: 'user.cannot_delete_self' },
    });
    expect((await me(await signIn(stack, DEMO.operator))).id).toBe(self.id);
  });

  it('removes the Cognito account, marks the profile deleted and leaves lists and counts', async () => {
    const email = uniqueEmail('leaver');
    const user = await createUser(stack, { email, role: 'careloop_employee' });
    const before = await totals(stack);
    expect(await call(stack, 'DELETE', `/users/${user.id}`, { token: operator })).toEqual({
      status: 200,
      body: { deleted: true },
    });
    expect((await totals(stack)).totalUsers).toBe(before.totalUsers - 1);
    expect((await listUsers(`?search=${encodeURIComponent(email)}`)).length).toBe(0);
    await expect(signIn(stack, email)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(await call(stack, 'DELETE', `/users/${user.id}`, { token: operator })).toMatchObject({
      status: 404,
      body: { code: 'user.not_found' },
    });
    expect(
      await call(stack, 'PUT', `/users/${user.id}`, {
        token: operator,
        body: { email, first_name: 'A', last_name: 'B', role: 'patient', provider_id: 'x' },
      }),
    ).toMatchObject({
      status: 404,
    });
  });
});
