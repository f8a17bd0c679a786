/** The organizations' routes (`/providers` on the wire) and an organization's users. */
import * as answers from '../answers';
import { exampleProvider, exampleUser } from '../examples';
import { answer, page, type RouteContract } from './route';
import { ORGANIZATIONS_ENDPOINTS } from '../endpoints/organizations';

export const ORGANIZATIONS_CONTRACT = {
  listOrganizations: {
    ...ORGANIZATIONS_ENDPOINTS.listOrganizations,
    summary: 'Active organizations, newest first',
    answers: { 200: answer(answers.providerListAnswer, 'One page', page(exampleProvider)) },
  },
  createOrganization: {
    ...ORGANIZATIONS_ENDPOINTS.createOrganization,
    summary: 'Create an organization',
    bodyExample: { name: 'Sunrise Family Practice', address: null, telephone: null, office_email: null },
    answers: { 201: answer(answers.providerAnswer, 'Created', { provider: exampleProvider }) },
  },
  getOrganization: {
    ...ORGANIZATIONS_ENDPOINTS.getOrganization,
    summary: 'One organization (provider staff: their own only)',
    answers: { 200: answer(answers.providerAnswer, 'The organization', { provider: exampleProvider }) },
  },
  listOrganizationUsers: {
    ...ORGANIZATIONS_ENDPOINTS.listOrganizationUsers,
    summary: "An organization's provider users, newest first",
    answers: { 200: answer(answers.userListAnswer, 'One page', page(exampleUser)) },
  },
  updateOrganization: {
    ...ORGANIZATIONS_ENDPOINTS.updateOrganization,
    summary: 'Change an organization',
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
  setOnCallNumber: {
    ...ORGANIZATIONS_ENDPOINTS.setOnCallNumber,
    summary: "Set or remove the number an organization's emergent check-ins are transferred to",
    bodyExample: { on_call_number: '(202) 555-0199', version: 3 },
    answers: { 200: answer(answers.providerAnswer, 'Changed', { provider: exampleProvider }) },
    errors: [409],
  },
  archiveOrganization: {
    ...ORGANIZATIONS_ENDPOINTS.archiveOrganization,
    summary: 'Archive an organization; its users are disabled',
    answers: { 200: answer(answers.archivedAnswer, 'Archived', { archived: true }) },
  },
} as const satisfies Record<string, RouteContract>;
