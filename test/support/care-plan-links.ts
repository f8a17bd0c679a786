/**
 * Patients a care plan link can be sent for (texts/care-plan-links.ts): a phone the simulators
 * reach (callableNumber), a date of birth, accepted consent and a care plan. Shared by the care plan
 * link tests, the route matrix and the contract replays.
 */
import type { Patient } from '../../shared/domain';
import { EMPTY_CARE_PLAN } from '../../shared/care-plan';
import type { StackInfo } from './spawn-stack';
import { call } from './api';
import { callableNumber, createPatient, expectStatus, operatorToken } from './fixtures';

export const CARE_PLAN_DATE_OF_BIRTH = '1950-04-12';
export const SHARED_PLAN = {
  ...EMPTY_CARE_PLAN,
  goals: ['Walk 20 minutes a day'],
  note: 'Check your blood pressure every morning.',
};

export async function createCarePlanPatient(
  stack: StackInfo,
  organizationId: string,
  overrides: Record<string, unknown> = {},
): Promise<Patient> {
  const token = await operatorToken(stack);
  const patient = await createPatient(
    stack,
    organizationId,
    { phone_number: callableNumber(), date_of_birth: CARE_PLAN_DATE_OF_BIRTH, ...overrides },
    token,
  );
  expectStatus(
    await call(stack, 'POST', `/patients/${patient.id}/consent`, {
      token,
      body: {
        status: 'accepted',
        date: '2026-01-05',
        method: 'verbal',
        disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
      },
    }),
    201,
  );
  expectStatus(await call(stack, 'POST', `/patients/${patient.id}/care-plan`, { token, body: SHARED_PLAN }), 201);
  return patient;
}
