/**
 * The organizations routes with the schemas of what each takes: the handlers' trigger layer
 * parses requests with them, and the contract (`../contract/organizations.ts`) documents the same.
 */
import { onCallNumberSchema, pageQuerySchema, providerFormSchema } from '../../validation';
import { providerPathSchema } from '../../path-schemas';
import { providerListQuerySchema } from '../queries';
import { ORGANIZATIONS_ROUTES } from '../routes/organizations';
import type { Endpoint } from './endpoint';

export const ORGANIZATIONS_ENDPOINTS = {
  listOrganizations: { ...ORGANIZATIONS_ROUTES.listOrganizations, query: providerListQuerySchema },
  createOrganization: { ...ORGANIZATIONS_ROUTES.createOrganization, body: providerFormSchema },
  getOrganization: { ...ORGANIZATIONS_ROUTES.getOrganization, path: providerPathSchema, query: null },
  listOrganizationUsers: {
    ...ORGANIZATIONS_ROUTES.listOrganizationUsers,
    path: providerPathSchema,
    query: pageQuerySchema,
  },
  updateOrganization: {
    ...ORGANIZATIONS_ROUTES.updateOrganization,
    path: providerPathSchema,
    body: providerFormSchema,
  },
  setOnCallNumber: { ...ORGANIZATIONS_ROUTES.setOnCallNumber, path: providerPathSchema, body: onCallNumberSchema },
  archiveOrganization: { ...ORGANIZATIONS_ROUTES.archiveOrganization, path: providerPathSchema },
} as const satisfies Record<string, Endpoint>;
