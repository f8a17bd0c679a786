/** The organizations capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { ORGANIZATIONS_ROUTES } from '../../shared/api/routes/organizations';
import type { CapabilitySpec } from '../kernel/spec';

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
        listOrganizations: ORGANIZATIONS_ROUTES.listOrganizations,
        getOrganization: ORGANIZATIONS_ROUTES.getOrganization,
        listOrganizationUsers: ORGANIZATIONS_ROUTES.listOrganizationUsers,
        updateOrganization: ORGANIZATIONS_ROUTES.updateOrganization,
        archiveOrganization: ORGANIZATIONS_ROUTES.archiveOrganization,
      },
    },
    'create-provider': {
      config: ['table'],
      permissions: {
        table: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
      },
      routes: {
        createOrganization: ORGANIZATIONS_ROUTES.createOrganization,
      },
    },
  },
  jobs: {},
  publishes: ['organization.archived'],
} as const satisfies CapabilitySpec;
