/**
 * The web's API fetchers answer the types the API contract declares (`shared/api/contract.ts`):
 * checked by the type checker (`npm run typecheck`), so a fetcher whose hand-written answer type
 * drifts from the route's answer schema does not compile.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { AnswerOf } from '../../../shared/api/contract';
import type { getDashboardStats } from '../features/dashboard/api/dashboard-stats';
import type { getPatient } from '../features/patients/api/get-patient';
import type { createPatient, updatePatient } from '../features/patients/api/save-patient';
import type { getOrganization } from '../features/organizations/api/get-organization';
import type { createOrganization, updateOrganization } from '../features/organizations/api/save-organization';
import type { createUser, updateUser } from '../features/users/api/save-user';
import type { getPatientCalls } from '../features/calls/api/get-patient-calls';
import type { getCall } from '../features/calls/api/get-call';
import type { getSummaries } from '../features/summaries/api/get-summaries';
import type { getSummaryLink } from '../features/summaries/api/get-summary-link';
import type { getPatientTexts } from '../features/texts/api/get-patient-texts';
import type { getSystemSettings } from '../features/settings/api/system-settings';

type Answer<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
/** Each assignable to the other: the same shape, however it is written (interface, intersection, z.output). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

describe('web API fetchers', () => {
  it('answer what the contract says their route answers', () => {
    expectTypeOf<Same<Answer<typeof getDashboardStats>, AnswerOf<'GET /dashboard-stats'>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Answer<typeof getOrganization>, AnswerOf<'GET /providers/{providerId}'>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Answer<typeof createOrganization>, AnswerOf<'POST /providers'>>>().toEqualTypeOf<true>();
    expectTypeOf<
      Same<Answer<typeof updateOrganization>, AnswerOf<'PUT /providers/{providerId}'>>
    >().toEqualTypeOf<true>();
    expectTypeOf<Same<Answer<typeof createUser>, AnswerOf<'POST /users'>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Answer<typeof updateUser>, AnswerOf<'PUT /users/{userId}'>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Answer<typeof getPatient>, AnswerOf<'GET /patients/{patientId}'>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Answer<typeof createPatient>, AnswerOf<'POST /patients'>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Answer<typeof updatePatient>, AnswerOf<'PUT /patients/{patientId}'>>>().toEqualTypeOf<true>();
    expectTypeOf<
      Same<Answer<typeof getPatientCalls>, AnswerOf<'GET /patients/{patientId}/calls'>>
    >().toEqualTypeOf<true>();
    expectTypeOf<Same<Answer<typeof getCall>, AnswerOf<'GET /calls/{callId}'>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Answer<typeof getSummaries>, AnswerOf<'GET /summaries'>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Answer<typeof getSummaryLink>, AnswerOf<'GET /summary-links/{token}'>>>().toEqualTypeOf<true>();
    expectTypeOf<
      Same<Answer<typeof getPatientTexts>, AnswerOf<'GET /patients/{patientId}/texts'>>
    >().toEqualTypeOf<true>();
    expectTypeOf<Same<Answer<typeof getSystemSettings>, AnswerOf<'GET /compliance-settings'>>>().toEqualTypeOf<true>();
  });
});
