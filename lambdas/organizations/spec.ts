/** The organizations capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { ORGANIZATIONS_CONTRACT } from '../../shared/api/contract/organizations';
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
        listOrganizations: ORGANIZATIONS_CONTRACT.listOrganizations,
        getOrganization: ORGANIZATIONS_CONTRACT.getOrganization,
        listOrganizationUsers: ORGANIZATIONS_CONTRACT.listOrganizationUsers,
        updateOrganization: ORGANIZATIONS_CONTRACT.updateOrganization,
        archiveOrganization: ORGANIZATIONS_CONTRACT.archiveOrganization,
      },
    },
    'create-provider': {
      config: ['table'],
      permissions: {
        table: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
      },
      routes: {
        createOrganization: ORGANIZATIONS_CONTRACT.createOrganization,
      },
    },
  },
  jobs: {},
  publishes: ['organization.archived'],
} as const satisfies CapabilitySpec;
