/**
 * Every route, by name (`getCall`) and by key (`GET /calls/{callId}`): method, resource path, access, the path,
 * query and body schemas its handler parses with and the schema of each success answer, with an
 * example. Each capability defines its routes in `./contract/<capability>.ts` (the one place a
 * route's path is written); this assembles them. The functions' spec modules serve them by name;
 * `lambdas/openapi.ts` turns them into the OpenAPI document.
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
import { CARE_PROGRAM_CONTRACT } from './contract/care-program';
import { ENROLLMENT_CONTRACT } from './contract/enrollment';
import { ENROLLMENT_PANEL_CONTRACT } from './contract/enrollment-panel';
import type { RouteContract } from './contract/route';

export type { AnswerContract, RouteContract } from './contract/route';

type Schema = z.ZodMiniType;

/** Every route by its name. */
export const ROUTE_CONTRACTS = {
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
  ...CARE_PROGRAM_CONTRACT,
  ...ENROLLMENT_CONTRACT,
  ...ENROLLMENT_PANEL_CONTRACT,
} as const satisfies Record<string, RouteContract>;

type Named = typeof ROUTE_CONTRACTS;
type Contracts = { [N in keyof Named as `${Named[N]['method']} ${Named[N]['resource']}`]: Named[N] };

/** Every route by its key, `METHOD /resource`: how API Gateway and the OpenAPI document name it. */
export const API_CONTRACT = Object.fromEntries(
  Object.values(ROUTE_CONTRACTS).map((route: RouteContract) => [`${route.method} ${route.resource}`, route]),
) as Contracts;

/**
 * The answer of a route for a status (its only success status by default), from its schema:
 * `AnswerOf<'GET /patients/{patientId}'>`. For code on either tier that has no named type for it.
 */
export type AnswerOf<
  K extends keyof Contracts,
  S extends keyof Contracts[K]['answers'] = keyof Contracts[K]['answers'],
> = Contracts[K]['answers'][S] extends { schema: infer T extends Schema } ? z.output<T> : never;
