/** The users capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import type { CapabilitySpec } from '../kernel/spec';
import { EMPLOYEE } from '../kernel/access-groups';

export const USERS = {
  name: 'users',
  functions: {
    me: {
      config: ['table', 'settingsAdmins'],
      permissions: {
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'],
      },
      routes: {
        me: { method: 'GET', path: '/me', access: 'signed-in' },
      },
    },
    'manage-user': {
      config: ['table', 'identity'],
      permissions: {
        // A changed or removed account's search index items are deleted.
        table: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
        ],
        identity: [
          'cognito-idp:AdminCreateUser',
          'cognito-idp:AdminSetUserPassword',
          'cognito-idp:AdminUpdateUserAttributes',
          'cognito-idp:AdminAddUserToGroup',
          'cognito-idp:AdminRemoveUserFromGroup',
          'cognito-idp:AdminListGroupsForUser',
          'cognito-idp:AdminDisableUser',
          'cognito-idp:AdminDeleteUser',
          'cognito-idp:AdminUserGlobalSignOut',
        ],
      },
      routes: {
        listUsers: { method: 'GET', path: '/users', access: EMPLOYEE },
        createUser: { method: 'POST', path: '/users', access: EMPLOYEE },
        updateUser: { method: 'PUT', path: '/users/{userId}', access: EMPLOYEE },
        removeUser: { method: 'DELETE', path: '/users/{userId}', access: EMPLOYEE },
      },
    },
  },
  jobs: {
    'post-confirmation': {
      description: 'A confirmed self sign-up gets a pending profile for an operator to enable (idempotent per user)',
      trigger: { kind: 'identity', trigger: 'post-confirmation' },
      // Cognito waits at most 5 seconds for a trigger, then fails the confirmation.
      timeoutSeconds: 5,
      config: ['table'],
      permissions: {
        // One transaction: the pending profile and its audit event, each a conditional Put.
        table: ['dynamodb:PutItem'],
      },
    },
  },
  publishes: [],
} as const satisfies CapabilitySpec;
