import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { tableOf } from '../../../test/support/fixtures';
import type { AuditEvent } from '../../kernel/audit-entry';
import type { OrganizationRecord } from '../../kernel/records/organization';
import type { PatientRecord } from '../../kernel/records/patient';
import type { UserProfileRecord } from '../../kernel/records/user-profile';
import {
  archiveOrganizationPlan,
  createOrganizationPlan,
  updateOrganizationPlan,
} from '../../organizations/organization-plans';
import { DynamoOrganizationRepository } from '../../organizations/store/dynamo-organization-repository';
import { archivePatientPlan, createPatientPlan, updatePatientPlan } from '../../patients/patient-plans';
import { DynamoPatientRepository } from '../../patients/store/dynamo-patient-repository';
import { DynamoUserProfileRepository } from '../../users/store/dynamo-user-profile-repository';
import { createProfilePlan, deleteProfilePlan, profileChangePlan } from '../../users/user-plans';
import { DynamoWriteCommitter } from './committer';

/**
 * The outcomes a refused conditional write reports (STYLE "Adapters return outcomes"), on DynamoDB
 * Local: the repository says what happened; the use case chooses the words.
 */
const db = tableOf(inject('stack'));
const organizations = new DynamoOrganizationRepository(db);
const patients = new DynamoPatientRepository(db);
const profiles = new DynamoUserProfileRepository(db);
const committer = new DynamoWriteCommitter(db);

const AT = '2026-03-01T12:00:00.000Z';

const event = (subjectId: string): AuditEvent => ({
  id: randomUUID(),
  at: AT,
  actorId: randomUUID(),
  actorRole: 'careloop_employee',
  actorProviderId: null,
  action: 'test.write',
  subject: { type: 'organization', id: subjectId },
  outcome: 'success',
});

function organizationRecord(): OrganizationRecord {
  return {
    id: randomUUID(),
    name: 'Outcome Clinic',
    address: null,
    telephone: null,
    office_email: null,
    timezone: 'America/Chicago',
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
}

function patientRecord(organizationId: string): PatientRecord {
  return {
    id: randomUUID(),
    provider_id: organizationId,
    first_name: 'Oc',
    last_name: 'Outcome',
    email: 'oc.outcome@example.test',
    phone_number: null,
    created_at: AT,
    updated_at: AT,
    version: 1,
    status: 'active',
    billingPractitionerId: null,
  };
}

function profileRecord(): UserProfileRecord {
  return {
    id: randomUUID(),
    email: `outcome-${randomUUID()}@example.test`,
    first_name: 'Ou',
    last_name: 'Tcome',
    phone_number: null,
    role: 'careloop_employee',
    provider_id: null,
    assigned_at: null,
    notification_preferences: { new_summaries: [], escalations: [] },
    created_at: AT,
    status: 'active',
  };
}

const profileChanges = (p: UserProfileRecord) => ({
  email: p.email,
  first_name: 'Renamed',
  last_name: p.last_name,
  phone_number: null,
  role: p.role ?? 'careloop_employee',
  provider_id: null,
  assigned_at: null,
  notification_preferences: p.notification_preferences,
  care_role: null,
  npi: null,
});

async function storedOrganization() {
  const org = organizationRecord();
  expect(await committer.commit(createOrganizationPlan(org, 'test', event(org.id)))).toBe('committed');
  return org;
}

const archive = (org: OrganizationRecord) => committer.commit(archiveOrganizationPlan(org, 0, [], AT, event(org.id)));

describe('organization plan outcomes', () => {
  it('refuses a taken id as exists', async () => {
    const org = await storedOrganization();

    expect(await committer.commit(createOrganizationPlan(org, 'test', event(org.id)))).toBe('exists');
  });

  it('refuses a stale version, and a change or archiving of an archived organization', async () => {
    const org = await storedOrganization();
    const changes = { name: 'Renamed Clinic', address: null, telephone: null, office_email: null };
    const update = (version: number) =>
      committer.commit(updateOrganizationPlan(org.id, org, changes, version, AT, event(org.id)));

    expect(await update(7)).toBe('stale');
    expect(await update(1)).toBe('committed');
    expect(await organizations.get(org.id)).toMatchObject({ name: 'Renamed Clinic', version: 2 });
    expect(await archive(org)).toBe('committed');
    expect(await update(2)).toBe('stale');
    expect(await organizations.getRef(org.id)).toMatchObject({ status: 'archived' });
    expect(await archive(org)).toBe('missing');
  });
});

describe('patient plan outcomes', () => {
  const enrolment = (patient: PatientRecord) => ({
    patient,
    createdBy: 'test',
    cadence: null,
    firstCheckIn: null,
    consent: null,
  });
  const archivePatient = async (patient: PatientRecord) =>
    committer.commit(
      archivePatientPlan(patient, AT, await patients.countedPatients(patient.provider_id), event(patient.id)),
    );

  it('refuses a patient of an archived organization as organization_missing', async () => {
    const org = await storedOrganization();
    expect(await archive(org)).toBe('committed');
    const patient = patientRecord(org.id);

    expect(await committer.commit(createPatientPlan(enrolment(patient), 0, event(org.id)))).toBe(
      'organization_missing',
    );
    expect(await patients.get(patient.id)).toBeNull();
  });

  it('refuses a stale version as stale and an archived patient as missing', async () => {
    const org = await storedOrganization();
    const patient = patientRecord(org.id);
    expect(await committer.commit(createPatientPlan(enrolment(patient), 0, event(org.id)))).toBe('committed');
    const changes = { first_name: 'Changed', last_name: 'Outcome', email: patient.email, phone_number: null };
    const update = (current: PatientRecord) => updatePatientPlan(current, changes, AT, event(patient.id), false);

    expect(await committer.commit(update({ ...patient, version: 5 }).plan)).toBe('stale');
    expect(await committer.commit(update(patient).plan)).toBe('committed');
    expect(await patients.get(patient.id)).toMatchObject({ first_name: 'Changed', version: 2 });
    expect(await archivePatient(patient)).toBe('committed');
    expect(await archivePatient(patient)).toBe('missing');
    expect(await organizations.get(org.id)).toMatchObject({ patient_count: 0 });
  });
});

describe('user profile plan outcomes', () => {
  it('refuses a taken id as exists', async () => {
    const profile = profileRecord();
    expect(await committer.commit(createProfilePlan(profile))).toBe('committed');

    expect(await committer.commit(createProfilePlan(profile))).toBe('exists');
  });

  it('refuses a change of a profile moved since it was read, and a deleted one', async () => {
    const profile = profileRecord();
    expect(await committer.commit(createProfilePlan(profile))).toBe('committed');
    const movedAway = { ...profile, role: 'provider' as const };
    const change = (current: UserProfileRecord, from: 'active' | 'pending') =>
      committer.commit(profileChangePlan(current, from, profileChanges(profile), AT, event(profile.id)).plan);
    const remove = () => committer.commit(deleteProfilePlan(profile, AT, event(profile.id)));

    expect(await change(movedAway, 'active')).toBe('moved');
    expect(await change(profile, 'active')).toBe('committed');
    expect(await profiles.get(profile.id)).toMatchObject({ first_name: 'Renamed' });
    expect(await remove()).toBe('committed');
    expect(await remove()).toBe('missing');
    expect(await change(profile, 'active')).toBe('moved');
    expect(await change(profile, 'pending')).toBe('moved');
    expect(await profiles.get(profile.id)).toMatchObject({ status: 'deleted' });
  });
});
