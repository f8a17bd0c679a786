/** The organizations routes: method, resource path and access (the one place each path is written). */
import { EMPLOYEE, STAFF } from '../access';
import type { RouteDefinition } from './route';

export const ORGANIZATIONS_ROUTES = {
  listOrganizations: { method: 'GET', resource: '/providers', access: EMPLOYEE },
  createOrganization: { method: 'POST', resource: '/providers', access: EMPLOYEE },
  getOrganization: { method: 'GET', resource: '/providers/{providerId}', access: STAFF },
  listOrganizationUsers: { method: 'GET', resource: '/providers/{providerId}/users', access: STAFF },
  updateOrganization: { method: 'PUT', resource: '/providers/{providerId}', access: EMPLOYEE },
  setOnCallNumber: { method: 'PUT', resource: '/providers/{providerId}/on-call', access: STAFF },
  archiveOrganization: { method: 'DELETE', resource: '/providers/{providerId}', access: EMPLOYEE },
} as const satisfies Record<string, RouteDefinition>;
