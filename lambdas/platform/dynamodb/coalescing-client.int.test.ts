import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import type { OrganizationRecord } from '../../kernel/records/organization';
import type { PatientRecord } from '../../kernel/records/patient';
import type { UserProfileRecord } from '../../kernel/records/user-profile';
import { createOrganizationPlan } from '../../organizations/organization-plans';
import { DynamoOrganizationRepository } from '../../organizations/store/dynamo-organization-repository';
import { createPatientPlan } from '../../patients/patient-plans';
import { DynamoPatientRepository } from '../../patients/store/dynamo-patient-repository';
import { DynamoUserProfileRepository } from '../../users/store/dynamo-user-profile-repository';
import { createProfilePlan } from '../../users/user-plans';
import { DynamoWriteCommitter } from './committer';
import { createEntities } from './entities';

/**
 * The repositories' gets started together, on DynamoDB Local, through a client that counts the
 * requests that reach it: one BatchGetItem, and every repository answers as it would alone.
 */
const stack = inject('stack');
const AT = '2026-03-01T12:00:00.000Z';

function counted() {
  const client = new DynamoDBClient({
    endpoint: stack.dynamoEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const requests: string[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      requests.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize' },
  );
  const db = createEntities(client, stack.tableName);
  return {
    requests,
    organizations: new DynamoOrganizationRepository(db),
    patients: new DynamoPatientRepository(db),
    profiles: new DynamoUserProfileRepository(db),
    committer: new DynamoWriteCommitter(db),
  };
}

async function stored() {
  const { committer } = counted();
  const org: OrganizationRecord = {
    id: randomUUID(),
    name: 'Coalesced Clinic',
    address: null,
    telephone: null,
    office_email: null,
    timezone: 'America/Denver',
    sms_sender: null,
    created_at: AT,
    updated_at: AT,
    version: 1,
    status: 'active',
    patient_count: 0,
    daily_call_limit: null,
    daily_text_limit: null,
    on_call_number: null,
  };
  const patient: PatientRecord = {
    id: randomUUID(),
    provider_id: org.id,
    first_name: 'Co',
    last_name: 'Alesced',
    email: 'co.alesced@example.test',
    phone_number: null,
    created_at: AT,
    updated_at: AT,
    version: 1,
    status: 'active',
    billingPractitionerId: null,
  };
  const profile: UserProfileRecord = {
    id: randomUUID(),
    email: `coalesced-${randomUUID()}@example.test`,
    first_name: 'Pro',
    last_name: 'File',
    phone_number: null,
    role: 'provider',
    provider_id: org.id,
    assigned_at: AT,
    notification_preferences: { new_summaries: ['email'], escalations: [] },
    created_at: AT,
    status: 'active',
  };
  expect(await committer.commit(createOrganizationPlan(org, 'test'))).toBe('committed');
  const enrolment = { patient, createdBy: 'test', cadence: null, firstCheckIn: null, consent: null };
  expect(await committer.commit(createPatientPlan(enrolment, 0))).toBe('committed');
  expect(await committer.commit(createProfilePlan(profile))).toBe('committed');
  return { org, patient, profile };
}

describe('gets started together', () => {
  it('travel as one BatchGetItem and answer what each get answers alone', async () => {
    const { org, patient, profile } = await stored();
    const alone = counted();
    const one = {
      patient: await alone.patients.get(patient.id),
      organization: await alone.organizations.getRef(org.id),
      profile: await alone.profiles.get(profile.id),
      missing: await alone.patients.get(randomUUID()),
    };
    expect(alone.requests).toEqual(['GetItemCommand', 'GetItemCommand', 'GetItemCommand', 'GetItemCommand']);

    const together = counted();
    const [p, o, u, missing] = await Promise.all([
      together.patients.get(patient.id),
      together.organizations.getRef(org.id),
      together.profiles.get(profile.id),
      together.patients.get(randomUUID()),
    ]);
    expect(together.requests).toEqual(['BatchGetItemCommand']);
    expect({ patient: p, organization: o, profile: u, missing }).toEqual(one);
    expect(p).toMatchObject({ id: patient.id, last_name: 'Alesced' });
    expect(o).toMatchObject({ id: org.id, timezone: 'America/Denver' });
    expect(u).toMatchObject({ id: profile.id, role: 'provider' });
    expect(missing).toBeNull();
  });
});
