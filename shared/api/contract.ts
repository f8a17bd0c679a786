/**
 * What each route of the manifest (`lambdas/routes.ts`) takes and answers: its path, query and body
 * schemas (the ones its handler parses with) and the schema of each success answer, with an
 * example. Each capability declares its routes in `./contract/<capability>.ts`; this assembles them.
 * `lambdas/openapi.ts` turns this and the manifest into the OpenAPI document; its tests fail when a
 * route has no entry, or an entry lacks a schema its route needs.
 */
import type * as z from 'zod/mini';
import { USERS_CONTRACT } from './contract/users';
import { DASHBOARD_CONTRACT } from './contract/dashboard';
import { ORGANIZATIONS_CONTRACT } from './contract/organizations';
import { PATIENTS_CONTRACT } from './contract/patients';
import { AUDIT_CONTRACT } from './contract/audit';
import { CONSENT_CONTRACT } from './contract/consent';
import { CARE_PLANS_CONTRACT } from './contract/care-plans';
import { SETTINGS_CONTRACT } from './contract/settings';
import { CALLS_CONTRACT } from './contract/calls';
import { SUMMARIES_CONTRACT } from './contract/summaries';
import { TEXTS_CONTRACT } from './contract/texts';
import { CARE_TIME_CONTRACT } from './contract/care-time';
import type { RouteContract } from './contract/route';

export type { AnswerContract, RouteContract } from './contract/route';

type Schema = z.ZodMiniType;

export const API_CONTRACT = {
  ...USERS_CONTRACT,
  ...DASHBOARD_CONTRACT,
  ...ORGANIZATIONS_CONTRACT,
  ...PATIENTS_CONTRACT,
  ...AUDIT_CONTRACT,
  ...CONSENT_CONTRACT,
  ...CARE_PLANS_CONTRACT,
  ...SETTINGS_CONTRACT,
  ...CALLS_CONTRACT,
  ...SUMMARIES_CONTRACT,
  ...TEXTS_CONTRACT,
  ...CARE_TIME_CONTRACT,
} as const satisfies Record<string, RouteContract>;

type Contracts = typeof API_CONTRACT;

/**
 * The answer of a route for a status (its only success status by default), from its schema:
 * `AnswerOf<'GET /patients/{patientId}'>`. For code on either tier that has no named type for it.
 */
export type AnswerOf<
  K extends keyof Contracts,
  S extends keyof Contracts[K]['answers'] = keyof Contracts[K]['answers'],
> = Contracts[K]['answers'][S] extends { schema: infer T extends Schema } ? z.output<T> : never;
