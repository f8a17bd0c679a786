/** User management against DynamoDB Local and cognito-local: accounts, groups, profiles, counts. */
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { UserProfile } from '../../shared/domain';
import { DEMO, call, signIn, tokenFor } from '../support/api';
import {
  accountOf,
  auditTrail,
  cognitoOf,
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
  expectStatus(await call<{ items: UserProfile[] }>(stack, 'GET', `/users${query}`, { token: operator }), 200).items;

describe('user list', () => {
  it('searches by a prefix of the e-mail, ignoring case, and filters by role', async () => {
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

describe('user search', () => {
  it("matches any word of the name or e-mail: the domain's name finds its accounts (spec §2)", async () => {
    const org = await createOrganization(stack);
    const domain = unique('clinic').toLowerCase().replace('-', '');
    const nurse = await createUser(stack, {
      email: `nurse@${domain}.example`,
      role: 'provider',
      provider_id: org.id,
      first_name: 'Nell',
      last_name: 'Smith',
    });
    // Neither the name nor the start of the e-mail has the domain's name: only the e-mail's words do.
    expect((await listUsers(`?search=${domain}`)).map((u) => u.id)).toEqual([nurse.id]);
    expect((await listUsers(`?search=${domain.slice(0, -2).toUpperCase()}`)).map((u) => u.id)).toEqual([nurse.id]);
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
        first_name: 'A',
        last_name: 'B',
        role: 'patient',
        provider_id: 'no-such-org',
      },
    });
    expect(missing).toEqual({ status: 404, body: { error: 'Provider Not Found', code: 'provider.not_found' } });
    const taken = await call(stack, 'POST', '/users', {
      token: operator,
      body: {
        email: DEMO.sunrise,
        first_name: 'A',
        last_name: 'B',
        role: 'careloop_employee',
      },
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

  it('clears the phone when an edit omits it, as the user form sends an empty one (spec §5)', async () => {
    const email = uniqueEmail('phone');
    const user = await createUser(stack, { email, role: 'careloop_employee', phone_number: '+18135550177' });
    expect(user.phone_number).toBe('+18135550177');
    const answer = await call<{ user: UserProfile }>(stack, 'PUT', `/users/${user.id}`, {
      token: operator,
      body: { email, first_name: 'No', last_name: 'Phone', role: 'careloop_employee' },
    });
    expect(expectStatus(answer, 200).user.phone_number).toBeNull();
    expect((await me(await signIn(stack, email))).phone_number).toBeNull();
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

/** A self sign-up through the app client, confirmed with the e-mailed link (the post-confirmation trigger runs). */
async function signUpAndConfirm(firstName: string, lastName: string) {
  const email = uniqueEmail('pending');
  const password = 'Pending-pass-2026';
  const client = cognitoOf(stack);
  const signedUp = await client.send(
    new SignUpCommand({
      ClientId: stack.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: firstName },
        { Name: 'family_name', Value: lastName },
      ],
    }),
  );
  const outbox = (await (await fetch(`${stack.apiUrl}/local/outbox`)).json()) as {
    messages: { to: string; links: string[] }[];
  };
  const link = outbox.messages.find((m) => m.to === email)?.links.find((l) => l.includes('/local/confirm-sign-up'));
  expect(link, `no confirmation link for ${email}`).toBeDefined();
  const confirmed = await fetch(link ?? '', { redirect: 'manual' });
  expect(confirmed.status).toBe(302);
  return { email, password, id: signedUp.UserSub ?? '' };
}

const trailOf = async (userId: string) => auditTrail(stack, `user:${userId}`);

describe('settings administration', () => {
  const settingsAdmin = (userId: string, method: 'PUT' | 'DELETE', token = operator) =>
    call<{ user: UserProfile }>(stack, method, `/users/${userId}/settings-admin`, { token });

  it('a settings admin grants it to another operator, who may then use System Settings; a revoke refuses them at once; both audited', async () => {
    const colleague = await tokenFor(stack, 'careloop_employee');
    const { id, can_manage_settings: before } = await me(colleague);
    expect(before).toBe(false);
    expect(await call(stack, 'GET', '/compliance-settings', { token: colleague })).toMatchObject({ status: 403 });

    expect(expectStatus(await settingsAdmin(id, 'PUT'), 200).user).toMatchObject({ id, can_manage_settings: true });
    expect((await me(colleague)).can_manage_settings).toBe(true);
    expectStatus(await call(stack, 'GET', '/compliance-settings', { token: colleague }), 200);
    // Granting again changes nothing (one audit event).
    expectStatus(await settingsAdmin(id, 'PUT'), 200);
    // Never on one's own account, even as a settings admin.
    expect(await settingsAdmin(id, 'DELETE', colleague)).toEqual({
      status: 400,
      body: {
        error: 'You cannot grant or revoke settings administration on your own account',
        code: 'user.cannot_change_own_settings_admin',
      },
    });

    expect(expectStatus(await settingsAdmin(id, 'DELETE'), 200).user).not.toHaveProperty('can_manage_settings');
    // The same token, refused at the next request.
    expect(await call(stack, 'GET', '/compliance-settings', { token: colleague })).toEqual({
      status: 403,
      body: { error: 'Only settings administrators can view or change system settings', code: 'auth.forbidden' },
    });
    expect((await me(colleague)).can_manage_settings).toBe(false);
    expect((await auditTrail(stack, `user:${id}`)).map((e) => [e.action, e.actor_id, e.outcome])).toEqual([
      ['user.settings_admin_grant', (await me(operator)).id, 'success'],
      ['user.settings_admin_revoke', (await me(operator)).id, 'success'],
    ]);
  });

  it('only a settings admin grants it, and only to an operator', async () => {
    const colleague = await tokenFor(stack, 'careloop_employee');
    const other = await createUser(stack, { role: 'careloop_employee' });
    expect(await settingsAdmin(other.id, 'PUT', colleague)).toEqual({
      status: 403,
      body: {
        error: 'Only settings administrators can grant or revoke settings administration',
        code: 'auth.forbidden',
      },
    });
    const org = await createOrganization(stack);
    const nurse = await createUser(stack, { role: 'provider', provider_id: org.id });
    expect(await settingsAdmin(nurse.id, 'PUT')).toEqual({
      status: 400,
      body: {
        error: 'Only CareLoop employees can be settings administrators',
        code: 'user.settings_admin_employees_only',
      },
    });
    expect(await settingsAdmin('00000000-0000-4000-8000-000000000000', 'PUT')).toMatchObject({
      status: 404,
      body: { code: 'user.not_found' },
    });
    expect((await auditTrail(stack, `user:${other.id}`)).map((e) => [e.action, e.outcome])).not.toContainEqual([
      'user.settings_admin_grant',
      'success',
    ]);
  });
});

describe('pending accounts (self sign-up)', () => {
  it('a confirmed sign-up is listed as pending, uncounted, and stays signed in with no role', async () => {
    const before = await totals(stack);
    const { email, password, id } = await signUpAndConfirm('Penny', 'Ding');

    const pending = await listUsers(`?role=pending&search=${encodeURIComponent(email)}`);
    expect(pending).toEqual([
      expect.objectContaining({ id, email, full_name: 'Penny Ding', role: null, provider_id: null, provider: null }),
    ]);
    expect((await listUsers(`?search=${encodeURIComponent(email)}`)).map((u) => u.id)).toEqual([id]);
    expect(await listUsers(`?role=provider&search=${encodeURIComponent(email)}`)).toEqual([]);
    expect((await totals(stack)).totalUsers).toBe(before.totalUsers);
    expect(await me(await signIn(stack, email, password))).toMatchObject({ id, role: null, provider: null });
    expect(await trailOf(id)).toEqual([
      expect.objectContaining({ action: 'user.sign_up', outcome: 'success', actor_id: id, actor_role: 'none' }),
    ]);
  });

  it('a retried trigger changes nothing: one profile, one audit event', async () => {
    const { email, id } = await signUpAndConfirm('Retry', 'Trigger');
    Object.assign(process.env, {
      TABLE_NAME: stack.tableName,
      DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      POWERTOOLS_METRICS_DISABLED: 'true',
      POWERTOOLS_LOG_LEVEL: 'ERROR',
    });
    const { handler } = await import('../../lambdas/functions/users/post-confirmation');
    const event = {
      version: '1',
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userPoolId: stack.userPoolId,
      userName: id,
      request: { userAttributes: { sub: id, email, given_name: 'Changed', family_name: 'Name' } },
      response: {},
    };
    const context = { functionName: 'post-confirmation', awsRequestId: 'r', getRemainingTimeInMillis: () => 5000 };
    expect(await handler(event, context as never)).toEqual(event);
    expect(await listUsers(`?role=pending&search=${encodeURIComponent(email)}`)).toEqual([
      expect.objectContaining({ id, first_name: 'Retry', last_name: 'Trigger' }),
    ]);
    expect((await trailOf(id)).map((e) => e.action)).toEqual(['user.sign_up']);
  });

  it('an operator enables one with a role and an organization: group, attribute, profile, count, audit', async () => {
    const org = await createOrganization(stack);
    const { email, password, id } = await signUpAndConfirm('Ena', 'Bled');
    const pendingToken = await signIn(stack, email, password);
    const before = await totals(stack);

    const answer = await call<{ user: UserProfile }>(stack, 'PUT', `/users/${id}`, {
      token: operator,
      body: { email, first_name: 'Ena', last_name: 'Bled', role: 'provider', provider_id: org.id },
    });
    expect(expectStatus(answer, 200).user).toMatchObject({
      id,
      role: 'provider',
      provider: { id: org.id, name: org.name },
      notification_preferences: { new_summaries: ['email'], escalations: ['email'] },
    });
    expect(await accountOf(stack, id)).toEqual({ enabled: true, groups: ['provider'] });
    expect((await totals(stack)).totalUsers).toBe(before.totalUsers + 1);
    expect(await listUsers(`?role=pending&search=${encodeURIComponent(email)}`)).toEqual([]);
    // The token of the pending account no longer matches: signed out, signs in again with the role.
    expect(await call(stack, 'GET', '/me', { token: pendingToken })).toMatchObject({ status: 401 });
    expect(await me(await signIn(stack, email, password))).toMatchObject({ role: 'provider', provider_id: org.id });

    const [, enabled] = await trailOf(id);
    expect(enabled).toMatchObject({
      action: 'user.enable',
      outcome: 'success',
      role_before: 'none',
      role_after: 'provider',
      organization_before: 'none',
      organization_after: org.id,
    });
    expect(JSON.stringify(enabled)).not.toContain(email);
    expect(JSON.stringify(enabled)).not.toContain('Bled');
  });

  it('refuses to enable a provider user without an organization (400)', async () => {
    const { email, id } = await signUpAndConfirm('No', 'Org');
    const answer = await call(stack, 'PUT', `/users/${id}`, {
      token: operator,
      body: { email, first_name: 'No', last_name: 'Org', role: 'provider' },
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 'request.invalid.provider_id' } });
    expect((await listUsers(`?role=pending&search=${encodeURIComponent(email)}`)).length).toBe(1);
  });

  it('an operator deletes one: gone from the lists, never counted, audited', async () => {
    const before = await totals(stack);
    const { email, password, id } = await signUpAndConfirm('Del', 'Eted');
    expect(await call(stack, 'DELETE', `/users/${id}`, { token: operator })).toEqual({
      status: 200,
      body: { deleted: true },
    });
    expect(await listUsers(`?search=${encodeURIComponent(email)}`)).toEqual([]);
    expect((await totals(stack)).totalUsers).toBe(before.totalUsers);
    await expect(signIn(stack, email, password)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await trailOf(id)).map((e) => [e.action, e.outcome])).toEqual([
      ['user.sign_up', 'success'],
      ['user.delete', 'success'],
    ]);
  });

  it('refuses an unknown role filter (400)', async () => {
    expect(await call(stack, 'GET', '/users?role=admins', { token: operator })).toMatchObject({
      status: 400,
      body: { error: 'Please choose a role' },
    });
  });
});

describe('audit of user changes', () => {
  it('records create, role and organization change, and delete with ids only, in order', async () => {
    const [first, second] = await Promise.all([createOrganization(stack), createOrganization(stack)]);
    const email = uniqueEmail('audited');
    const user = await createUser(stack, { email, role: 'provider', provider_id: first.id, last_name: 'Secret' });
    const edit = (body: Record<string, unknown>) =>
      call(stack, 'PUT', `/users/${user.id}`, {
        token: operator,
        body: { email, first_name: 'A', last_name: 'Secret', ...body },
      });
    expectStatus(await edit({ role: 'provider', provider_id: second.id }), 200);
    expectStatus(await edit({ role: 'patient', provider_id: second.id }), 200);
    expectStatus(await call(stack, 'DELETE', `/users/${user.id}`, { token: operator }), 200);

    const self = await me(operator);
    const trail = await trailOf(user.id);
    expect(
      trail.map((e) => [e.action, e.role_before, e.role_after, e.organization_before, e.organization_after]),
    ).toEqual([
      ['user.create', 'none', 'provider', 'none', first.id],
      ['user.update', 'provider', 'provider', first.id, second.id],
      ['user.update', 'provider', 'patient', second.id, second.id],
      ['user.delete', 'patient', 'none', second.id, 'none'],
    ]);
    expect(trail.every((e) => e.actor_id === self.id && e.actor_role === 'careloop_employee')).toBe(true);
    expect(trail.every((e) => e.outcome === 'success' && typeof e.request_id === 'string')).toBe(true);
    expect(JSON.stringify(trail)).not.toMatch(new RegExp(`${email}|Secret`));
  });

  it("records a provider user's NPI before and after on the change that moves it, and only then", async () => {
    const org = await createOrganization(stack);
    const email = uniqueEmail('npi');
    const user = await createUser(stack, { email, provider_id: org.id, npi: '1234567893', last_name: 'Secret' });
    const edit = (body: Record<string, unknown>) =>
      call<{ user: UserProfile }>(stack, 'PUT', `/users/${user.id}`, {
        token: operator,
        body: { email, first_name: 'A', last_name: 'Secret', role: 'provider', provider_id: org.id, ...body },
      });
    expect(expectStatus(await edit({ npi: '1245319599' }), 200).user.npi).toBe('1245319599');
    // Left out of the form: kept, and the edit's event says nothing of an NPI.
    expect(expectStatus(await edit({ first_name: 'B' }), 200).user.npi).toBe('1245319599');
    expect(expectStatus(await edit({ npi: null }), 200).user.npi).toBeNull();
    // A wrong check digit is refused with the request, before any change: no event, and the number is nowhere.
    expect((await edit({ npi: '1234567890' })).status).toBe(400);

    const trail = await trailOf(user.id);
    expect(trail.map((e) => [e.action, e.outcome, e.npi_before, e.npi_after])).toEqual([
      ['user.create', 'success', 'none', '1234567893'],
      ['user.update', 'success', '1234567893', '1245319599'],
      ['user.update', 'success', undefined, undefined],
      ['user.update', 'success', '1245319599', 'none'],
    ]);
    // Beside the NPI, the event still carries the account's standing, ids only.
    expect(trail[1]).toMatchObject({ role_before: 'provider', role_after: 'provider', organization_after: org.id });
    expect(JSON.stringify(trail)).not.toMatch(new RegExp(`${email}|Secret|1234567890`));
  });

  it('records a refused change as invalid, and nothing changed', async () => {
    const [self, org] = await Promise.all([me(operator), createOrganization(stack)]);
    const answer = await call(stack, 'PUT', `/users/${self.id}`, {
      token: operator,
      body: {
        email: self.email,
        first_name: self.first_name,
        last_name: self.last_name,
        role: 'patient',
        provider_id: org.id,
      },
    });
    expect(answer.status).toBe(400);
    const last = (await trailOf(self.id)).at(-1);
    expect(last).toMatchObject({ action: 'user.update', outcome: 'invalid' });
    expect(last?.role_after).toBeUndefined();
  });
});
