/** The organizations capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import type { CapabilitySpec } from '../kernel/spec';
import { EMPLOYEE, STAFF } from '../kernel/access-groups';

export const ORGANIZATIONS = {
  name: 'organizations',
  functions: {
    'provider-data': {
      config: ['table', 'identity', 'bus'],
      permissions: {
        // A renamed or archived organization's search index items are deleted.
        table: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
          'dynamodb:ConditionCheckItem',
        ],
        identity: ['cognito-idp:AdminDisableUser', 'cognito-idp:AdminUserGlobalSignOut'],
        bus: ['events:PutEvents'],
      },
      routes: {
        listOrganizations: { method: 'GET', path: '/providers', access: EMPLOYEE },
        getOrganization: { method: 'GET', path: '/providers/{providerId}', access: STAFF },
        listOrganizationUsers: { method: 'GET', path: '/providers/{providerId}/users', access: STAFF },
        updateOrganization: { method: 'PUT', path: '/providers/{providerId}', access: EMPLOYEE },
        archiveOrganization: { method: 'DELETE', path: '/providers/{providerId}', access: EMPLOYEE },
      },
    },
    'create-provider': {
      config: ['table'],
      permissions: {
        table: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
      },
      routes: {
        createOrganization: { method: 'POST', path: '/providers', access: EMPLOYEE },
      },
    },
  },
  jobs: {},
  publishes: ['organization.archived'],
} as const satisfies CapabilitySpec;
