/** The users capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { SESSION_ROUTES } from '../../shared/api/routes/session';
import { USERS_ROUTES } from '../../shared/api/routes/users';
import type { CapabilitySpec } from '../kernel/spec';

export const USERS = {
  name: 'users',
  functions: {
    me: {
      config: ['table', 'settingsAdmins'],
      permissions: {
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'],
      },
      routes: {
        me: SESSION_ROUTES.me,
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
        listUsers: USERS_ROUTES.listUsers,
        createUser: USERS_ROUTES.createUser,
        updateUser: USERS_ROUTES.updateUser,
        removeUser: USERS_ROUTES.removeUser,
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
