/** The users capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { PLAN_WRITES, type CapabilitySpec } from '../kernel/spec';
import { USERS_ENDPOINTS } from '../../shared/api/endpoints/users';

export const USERS = {
  name: 'users',
  functions: {
    me: {
      config: ['table'],
      permissions: {
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'],
      },
      routes: {
        me: USERS_ENDPOINTS.me,
      },
    },
    'manage-user': {
      // settingsAdmins: the deployment's first settings admins, granted at their account's creation.
      config: ['table', 'identity', 'settingsAdmins'],
      permissions: {
        // A changed or removed account's search index items are deleted.
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
        identity: [
          'cognito-idp:AdminCreateUser',
          // Issued only for the local demo accounts' permanent password (the directory's one code path).
          'cognito-idp:AdminSetUserPassword',
          'cognito-idp:AdminUpdateUserAttributes',
          'cognito-idp:AdminAddUserToGroup',
          'cognito-idp:AdminRemoveUserFromGroup',
          'cognito-idp:AdminListGroupsForUser',
          'cognito-idp:AdminDisableUser',
          'cognito-idp:AdminEnableUser',
          'cognito-idp:AdminDeleteUser',
          'cognito-idp:AdminUserGlobalSignOut',
        ],
      },
      routes: {
        listUsers: USERS_ENDPOINTS.listUsers,
        createUser: USERS_ENDPOINTS.createUser,
        updateUser: USERS_ENDPOINTS.updateUser,
        removeUser: USERS_ENDPOINTS.removeUser,
        suspendUser: USERS_ENDPOINTS.suspendUser,
        restoreUser: USERS_ENDPOINTS.restoreUser,
        grantSettingsAdmin: USERS_ENDPOINTS.grantSettingsAdmin,
        revokeSettingsAdmin: USERS_ENDPOINTS.revokeSettingsAdmin,
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
        // One transaction: the pending profile and its audit event, each a conditional Put (through the
        // one committer, which can issue each kind of write a plan names).
        table: [...PLAN_WRITES],
      },
    },
  },
  publishes: [],
} as const satisfies CapabilitySpec;
