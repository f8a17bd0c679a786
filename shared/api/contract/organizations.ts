/** The organizations' routes (`/providers` on the wire) and an organization's users. */
import { pageQuerySchema, providerFormSchema, providerPathSchema } from '../../validation';
import * as answers from '../answers';
import { exampleProvider, exampleUser } from '../examples';
import { providerListQuerySchema } from '../queries';
import { ORGANIZATIONS_ROUTES } from '../routes/organizations';
import { answer, page, type RouteContract } from './route';

export const ORGANIZATIONS_CONTRACT = {
  listOrganizations: {
    ...ORGANIZATIONS_ROUTES.listOrganizations,
    summary: 'Active organizations, newest first',
    query: providerListQuerySchema,
    answers: { 200: answer(answers.providerListAnswer, 'One page', page(exampleProvider)) },
  },
  createOrganization: {
    ...ORGANIZATIONS_ROUTES.createOrganization,
    summary: 'Create an organization',
    body: providerFormSchema,
    bodyExample: { name: 'Sunrise Family Practice', address: null, telephone: null, office_email: null },
    answers: { 201: answer(answers.providerAnswer, 'Created', { provider: exampleProvider }) },
  },
  getOrganization: {
    ...ORGANIZATIONS_ROUTES.getOrganization,
    summary: 'One organization (provider staff: their own only)',
    path: providerPathSchema,
    query: null,
    answers: { 200: answer(answers.providerAnswer, 'The organization', { provider: exampleProvider }) },
  },
  listOrganizationUsers: {
    ...ORGANIZATIONS_ROUTES.listOrganizationUsers,
    summary: "An organization's provider users, newest first",
    path: providerPathSchema,
    query: pageQuerySchema,
    answers: { 200: answer(answers.userListAnswer, 'One page', page(exampleUser)) },
  },
  updateOrganization: {
    ...ORGANIZATIONS_ROUTES.updateOrganization,
    summary: 'Change an organization',
    path: providerPathSchema,
    body: providerFormSchema,
    bodyExample: {
      name: 'Sunrise Family Practice',
      timezone: 'America/Chicago',
      version: 3,
      daily_call_limit: null,
      daily_text_limit: 120,
    },
    answers: { 200: answer(answers.providerAnswer, 'Changed', { provider: exampleProvider }) },
    errors: [409],
  },
  archiveOrganization: {
    ...ORGANIZATIONS_ROUTES.archiveOrganization,
    summary: 'Archive an organization; its users are disabled',
    path: providerPathSchema,
    answers: { 200: answer(answers.archivedAnswer, 'Archived', { archived: true }) },
  },
} as const satisfies Record<string, RouteContract>;
