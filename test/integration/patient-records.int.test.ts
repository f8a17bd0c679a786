/**
 * A patient's MRN, date of birth and preferred language against DynamoDB Local (issue 24 item 2):
 * stored and answered, one patient per MRN in an organization, the organization's today for a birth date.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Patient } from '../../shared/domain';
import { IMPORT_MESSAGES } from '../../shared/enrollment/messages';
import { todayIn } from '../../shared/time-preferences';
import { call } from '../support/api';
import {
  createOrganization,
  createPatient,
  expectStatus,
  operatorToken,
  tableOf,
  unique,
  uniqueEmail,
} from '../support/fixtures';

const stack = inject('stack');
let operator: string;

beforeAll(async () => {
  operator = await operatorToken(stack);
});

const MRN_TAKEN = { error: 'A patient with this MRN already exists', code: 'patient.mrn_taken' };

const addPatient = (providerId: string, fields: Record<string, unknown>) =>
  call<{ patient: Patient }>(stack, 'POST', '/patients', {
    token: operator,
    body: { provider_id: providerId, first_name: 'Rosa', last_name: unique('Diaz'), email: uniqueEmail(), ...fields },
  });
const update = (patient: Patient, fields: Record<string, unknown>) =>
  call<{ patient: Patient }>(stack, 'PUT', `/patients/${patient.id}`, {
    token: operator,
    body: { first_name: patient.first_name, last_name: patient.last_name, email: patient.email, ...fields },
  });
const claimOf = async (organizationId: string, mrn: string) =>
  (await tableOf(stack).entities.patientMrn.get({ provider_id: organizationId, mrn }).go()).data;

describe('MRN, date of birth and preferred language', () => {
  it('stores and answers them; absent on create is none, none and English', async () => {
    const org = await createOrganization(stack);
    const mrn = unique('MRN');
    const created = expectStatus(
      await addPatient(org.id, { mrn, date_of_birth: '3/7/1948', preferred_language: 'es' }),
      201,
    ).patient;
    expect(created).toMatchObject({ mrn, date_of_birth: '1948-03-07', preferred_language: 'es' });
    const read = await call<{ patient: Patient }>(stack, 'GET', `/patients/${created.id}`, { token: operator });
    expect(expectStatus(read, 200).patient).toMatchObject({
      mrn,
      date_of_birth: '1948-03-07',
      preferred_language: 'es',
    });
    expect(await claimOf(org.id, mrn)).toMatchObject({ patient_id: created.id });

    const plain = await createPatient(stack, org.id);
    expect(plain).toMatchObject({ mrn: null, date_of_birth: null, preferred_language: 'en' });
  });

  it('gives an MRN to one patient of an organization, on create and on update; another organization may use it', async () => {
    const [org, other] = await Promise.all([createOrganization(stack), createOrganization(stack)]);
    const mrn = unique('MRN');
    const first = expectStatus(await addPatient(org.id, { mrn }), 201).patient;
    const countBefore = (await tableOf(stack).entities.organization.get({ organization_id: org.id }).go()).data
      ?.patient_count;

    const again = await addPatient(org.id, { mrn });
    expect(again).toMatchObject({ status: 409, body: MRN_TAKEN });
    // Nothing of the refused patient was written.
    expect((await tableOf(stack).entities.organization.get({ organization_id: org.id }).go()).data?.patient_count).toBe(
      countBefore,
    );

    expect(await addPatient(other.id, { mrn })).toMatchObject({ status: 201 });

    const second = expectStatus(await addPatient(org.id, { mrn: unique('MRN') }), 201).patient;
    expect(await update(second, { mrn })).toMatchObject({ status: 409, body: MRN_TAKEN });

    // A changed MRN frees the old one; a cleared one too.
    const next = unique('MRN');
    expect(expectStatus(await update(first, { mrn: next }), 200).patient.mrn).toBe(next);
    expect(await claimOf(org.id, mrn)).toBeNull();
    expect(expectStatus(await update(second, { mrn }), 200).patient.mrn).toBe(mrn);
    expect(await claimOf(org.id, mrn)).toMatchObject({ patient_id: second.id });
    expect(expectStatus(await update(first, { mrn: null }), 200).patient.mrn).toBeNull();
    expect(await claimOf(org.id, next)).toBeNull();
    // Absent leaves it as it is.
    expect(expectStatus(await update(second, { preferred_language: 'es' }), 200).patient).toMatchObject({
      mrn,
      preferred_language: 'es',
    });
  });

  it("refuses a date of birth after the organization's today, a bad one and a bad language, with 400", async () => {
    const timezone = 'Pacific/Kiritimati';
    const org = await createOrganization(stack, { timezone });
    const today = todayIn(timezone, new Date());
    expect(await addPatient(org.id, { date_of_birth: today })).toMatchObject({ status: 201 });
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await addPatient(org.id, { date_of_birth: tomorrow })).toMatchObject({
      status: 400,
      body: { error: IMPORT_MESSAGES.dateOfBirthInFuture, code: 'request.invalid.date_of_birth' },
    });
    expect(await addPatient(org.id, { date_of_birth: '1948-02-30' })).toMatchObject({
      status: 400,
      body: { error: IMPORT_MESSAGES.dateOfBirthInvalid },
    });
    expect(await addPatient(org.id, { preferred_language: 'fr' })).toMatchObject({
      status: 400,
      body: { error: IMPORT_MESSAGES.languageInvalid },
    });
    const patient = await createPatient(stack, org.id);
    expect(await update(patient, { date_of_birth: tomorrow })).toMatchObject({ status: 400 });
    expect(expectStatus(await update(patient, { date_of_birth: '1950-01-02' }), 200).patient.date_of_birth).toBe(
      '1950-01-02',
    );
    expect(expectStatus(await update(patient, { date_of_birth: '' }), 200).patient.date_of_birth).toBeNull();
  });
});
