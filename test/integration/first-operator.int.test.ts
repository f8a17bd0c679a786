/**
 * `npm run first-operator` (README "Deploy", step 2) against the local stand-ins: the account is made
 * as every account is, so it can sign in with the invitation's password, passes the standing check
 * and is a settings admin.
 */
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import type { UserProfile } from '../../shared/domain';
import { createFirstOperator } from '../../scripts/first-operator';
import { acceptInvitation, call } from '../support/api';
import { uniqueEmail } from '../support/fixtures';

const stack = inject('stack');

describe('npm run first-operator', () => {
  beforeEach(() => {
    vi.stubEnv('TABLE_NAME', stack.tableName);
    vi.stubEnv('USER_POOL_ID', stack.userPoolId);
    vi.stubEnv('DYNAMODB_ENDPOINT', stack.dynamoEndpoint);
    vi.stubEnv('COGNITO_ENDPOINT', stack.cognitoUrl);
    vi.stubEnv('AWS_REGION', 'us-east-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
  });
  afterEach(() => vi.unstubAllEnvs());

  it('makes an operator who signs in with the invitation, is served, and may manage System Settings', async () => {
    const email = uniqueEmail('first-operator');
    const id = await createFirstOperator([email, 'Ada', 'Admin']);
    const token = await acceptInvitation(stack, email);
    const me = await call<UserProfile>(stack, 'GET', '/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id, role: 'careloop_employee', can_manage_settings: true });
    expect((await call(stack, 'GET', '/compliance-settings', { token })).status).toBe(200);
  });

  it('refuses bad input with the form\u2019s words, and an e-mail that already has an account', async () => {
    await expect(createFirstOperator(['not-an-email', 'Ada', 'Admin'])).rejects.toThrow(
      'Please enter a valid email address',
    );
    const email = uniqueEmail('first-operator');
    await createFirstOperator([email, 'Ada', 'Admin']);
    await expect(createFirstOperator([email, 'Ada', 'Admin'])).rejects.toThrow();
  });
});
