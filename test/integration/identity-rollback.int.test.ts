import { AdminGetUserCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { CognitoIdentityDirectory } from '../../lambdas/vendors/cognito/cognito-identity-directory';
import { DynamoAuditLog } from '../../lambdas/audit/store/dynamo-audit-log';
import { DynamoOrganizationRepository } from '../../lambdas/organizations/store/dynamo-organization-repository';
import { DynamoUserProfileRepository } from '../../lambdas/users/store/dynamo-user-profile-repository';
import { DynamoWriteCommitter } from '../../lambdas/platform/dynamodb/committer';
import type { WriteCommitter } from '../../lambdas/kernel/write-plan';
import { createUser, updateUser, type UserDeps } from '../../lambdas/users/users';
import type { Actor } from '../../lambdas/kernel/actor';
import { createUserSchema, updateUserSchema } from '../../shared/validation';
import { accountOf, cognitoOf, createOrganization, tableOf, uniqueEmail } from '../support/fixtures';

/**
 * The Cognito side of a user change is undone when the profile write after it is refused, so the
 * account and its profile never disagree: use cases on cognito-local and DynamoDB Local, with the
 * profile's write plan made to be refused (the one thing a test cannot provoke through the API).
 */
const stack = inject('stack');
const db = tableOf(stack);
const clock = { now: () => new Date() };
const ids = { newId: () => randomUUID() };
const operator: Actor = {
  userId: randomUUID(),
  email: 'rollback-operator@example.test',
  role: 'careloop_employee',
  providerId: null,
};

function deps(committer: WriteCommitter = new DynamoWriteCommitter(db)): UserDeps {
  return {
    profiles: new DynamoUserProfileRepository(db),
    organizations: new DynamoOrganizationRepository(db),
    identity: new CognitoIdentityDirectory(cognitoOf(stack), stack.userPoolId),
    audit: new DynamoAuditLog(db, clock, ids),
    clock,
    ids,
    committer,
  };
}

/** A committer that refuses every plan with `outcome` and writes nothing. */
function refusing(outcome: 'exists' | 'moved'): WriteCommitter {
  return { commit: <R extends string>() => Promise.resolve(outcome as R) };
}

async function cognitoAccountsWith(email: string) {
  const { Users = [] } = await cognitoOf(stack).send(
    new ListUsersCommand({ UserPoolId: stack.userPoolId, Filter: `email = "${email}"` }),
  );
  return Users;
}

async function attributesOf(userId: string) {
  const user = await cognitoOf(stack).send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: userId }));
  return Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name, a.Value]));
}

const newUser = (email: string, providerId: string) =>
  createUserSchema.parse({
    email,
    first_name: 'Rolled',
    last_name: 'Back',
    phone_number: null,
    role: 'provider',
    provider_id: providerId,
  });

describe('a refused profile write', () => {
  it('on create removes the Cognito account it had made', async () => {
    const org = await createOrganization(stack);
    const email = uniqueEmail('rollback-create');

    await expect(createUser(deps(refusing('exists')), operator, newUser(email, org.id))).rejects.toMatchObject({
      code: 'user.exists',
    });
    expect(await cognitoAccountsWith(email)).toEqual([]);
  });

  it('on update puts the Cognito account back: e-mail, names, organization and group', async () => {
    const [org, otherOrg] = await Promise.all([createOrganization(stack), createOrganization(stack)]);
    const email = uniqueEmail('rollback-update');
    const { user } = await createUser(deps(), operator, newUser(email, org.id));
    const before = await attributesOf(user.id);
    expect(await accountOf(stack, user.id)).toMatchObject({ groups: ['provider'] });

    const changes = updateUserSchema.parse({
      email: uniqueEmail('rollback-moved'),
      first_name: 'Moved',
      last_name: 'Elsewhere',
      phone_number: null,
      role: 'careloop_employee',
      provider_id: null,
    });
    await expect(updateUser(deps(refusing('moved')), operator, user.id, changes)).rejects.toMatchObject({
      code: 'user.version_conflict',
    });

    // Cognito marks the address unverified on any e-mail change, the undo included; the server never verifies it.
    const { email_verified: _reset, ...after } = await attributesOf(user.id);
    expect(after).toEqual(before);
    expect(before).toMatchObject({ email, given_name: 'Rolled', family_name: 'Back' });
    expect(await accountOf(stack, user.id)).toMatchObject({ groups: ['provider'] });
    // The same change goes through once the profile accepts it.
    const moved = await updateUser(deps(), operator, user.id, {
      ...changes,
      role: 'provider',
      provider_id: otherOrg.id,
    });
    expect(moved.user).toMatchObject({ first_name: 'Moved', provider_id: otherOrg.id });
    expect(await attributesOf(user.id)).toMatchObject({ email: changes.email, given_name: 'Moved' });
  });
});
