/** The organizations capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { PLAN_WRITES, type CapabilitySpec } from '../kernel/spec';
import { ORGANIZATIONS_ENDPOINTS } from '../../shared/api/endpoints/organizations';

export const ORGANIZATIONS = {
  name: 'organizations',
  functions: {
    'provider-data': {
      // phones: the served countries an on-call number must belong to.
      config: ['table', 'identity', 'bus', 'phones'],
      permissions: {
        // A renamed or archived organization's search index items are deleted.
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
        identity: ['cognito-idp:AdminDisableUser', 'cognito-idp:AdminUserGlobalSignOut'],
        bus: ['events:PutEvents'],
      },
      routes: {
        listOrganizations: ORGANIZATIONS_ENDPOINTS.listOrganizations,
        getOrganization: ORGANIZATIONS_ENDPOINTS.getOrganization,
        listOrganizationUsers: ORGANIZATIONS_ENDPOINTS.listOrganizationUsers,
        updateOrganization: ORGANIZATIONS_ENDPOINTS.updateOrganization,
        setOnCallNumber: ORGANIZATIONS_ENDPOINTS.setOnCallNumber,
        archiveOrganization: ORGANIZATIONS_ENDPOINTS.archiveOrganization,
      },
    },
    'create-provider': {
      config: ['table'],
      permissions: {
        // Its plan goes through the one committer, which can issue each kind of write a plan names.
        table: [...PLAN_WRITES],
      },
      routes: {
        createOrganization: ORGANIZATIONS_ENDPOINTS.createOrganization,
      },
    },
  },
  jobs: {},
  publishes: ['organization.archived'],
} as const satisfies CapabilitySpec;
