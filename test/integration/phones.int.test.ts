/**
 * Patients' numbers in E.164 (issue 21, Deliver 5), on the local stack: the API stores the canonical
 * form of a number typed the usual ways and refuses one outside the served countries with 400 and
 * the field's message; the migration job (migrate-phones) re-writes numbers stored before, leaves
 * and counts those it cannot read, and never overwrites a number changed while it looked.
 */
import { describe, expect, inject, it } from 'vitest';
import { DynamoPhoneMigration } from '../../lambdas/patients/store/dynamo-phone-migration';
import { migratePhones } from '../../lambdas/patients/phone-migration';
import { randomIds, systemClock } from '../../lambdas/composition-root';
import { DynamoWriteCommitter } from '../../lambdas/platform/dynamodb/committer';
import type { WriteCommitter, WritePlan } from '../../lambdas/kernel/write-plan';
import type { Patient } from '../../shared/domain';
import { VALIDATION } from '../../shared/messages';
import { call } from '../support/api';
import {
  auditTrail,
  createOrganization,
  createPatient,
  expectStatus,
  operatorToken,
  tableOf,
} from '../support/fixtures';

/** The patient a migration plan rewrites (its first write). */
const patientOf = (plan: WritePlan<string>) => {
  const first = plan.transaction[0];
  return first?.op === 'patch' ? (first.key.patient_id ?? '') : '';
};

const stack = inject('stack');
const db = tableOf(stack);
const stored = async (patientId: string) =>
  (await db.entities.patient.get({ patient_id: patientId }).go({ consistent: true })).data?.phone_number;
/** A number as code before E.164 stored it (the API no longer writes such numbers). */
const storeAsTyped = (patientId: string, phone: string) =>
  db.entities.patient.patch({ patient_id: patientId }).set({ phone_number: phone }).go();

describe('patient numbers through the API', () => {
  it.each(['(813) 555-0142', '813-555-0142', '1 813 555 0142', '+1 813 555 0142'])(
    'stores %j as +18135550142 on create and edit',
    async (typed) => {
      const organization = await createOrganization(stack);
      const patient = await createPatient(stack, organization.id, { phone_number: typed });
      expect(patient.phone_number).toBe('+18135550142');
      expect(await stored(patient.id)).toBe('+18135550142');
      const edited = await call<{ patient: Patient }>(stack, 'PUT', `/patients/${patient.id}`, {
        token: await operatorToken(stack),
        body: { email: patient.email, first_name: 'E', last_name: 'Dit', phone_number: typed.replace('0142', '0143') },
      });
      expect(expectStatus(edited, 200).patient.phone_number).toBe('+18135550143');
    },
  );

  it('refuses a number outside the NANP, or not a NANP number, with 400 and stores nothing', async () => {
    const organization = await createOrganization(stack);
    const token = await operatorToken(stack);
    for (const phone of ['+44 20 7946 0958', '(113) 555-0142', '555-0142']) {
      const answer = await call(stack, 'POST', '/patients', {
        token,
        body: {
          provider_id: organization.id,
          first_name: 'No',
          last_name: 'Number',
          email: 'n@x.org',
          phone_number: phone,
        },
      });
      expect(answer, phone).toEqual({
        status: 400,
        body: { error: VALIDATION.invalidPhone, code: 'request.invalid.phone_number' },
      });
    }
    const patient = await createPatient(stack, organization.id, { phone_number: '+18135550150' });
    const edit = await call(stack, 'PUT', `/patients/${patient.id}`, {
      token,
      body: { email: patient.email, first_name: 'A', last_name: 'B', phone_number: '+44 20 7946 0958' },
    });
    expect(edit).toEqual({
      status: 400,
      body: { error: VALIDATION.invalidPhone, code: 'request.invalid.phone_number' },
    });
    expect(await stored(patient.id)).toBe('+18135550150');
  });
});

describe('the migration job (migrate-phones)', () => {
  it('re-writes stored numbers in E.164, leaves and counts unreadable ones, and changes nothing the second time', async () => {
    const organization = await createOrganization(stack);
    const typed = await createPatient(stack, organization.id, { phone_number: '+18135550161' });
    const bare = await createPatient(stack, organization.id, { phone_number: '+18135550162' });
    const foreign = await createPatient(stack, organization.id, { phone_number: '+18135550163' });
    const canonical = await createPatient(stack, organization.id, { phone_number: '+18135550164' });
    const none = await createPatient(stack, organization.id);
    await storeAsTyped(typed.id, '(813) 555-0161');
    await storeAsTyped(bare.id, '8135550162');
    await storeAsTyped(foreign.id, '+442079460958');
    const archived = await createPatient(stack, organization.id, { phone_number: '+18135550165' });
    await storeAsTyped(archived.id, '813-555-0165');
    expect(
      (await call(stack, 'DELETE', `/patients/${archived.id}`, { token: await operatorToken(stack) })).status,
    ).toBe(200);

    const deps = {
      phones: new DynamoPhoneMigration(db),
      committer: new DynamoWriteCommitter(db),
      clock: systemClock,
      ids: randomIds,
      callingCodes: ['1'],
    };
    const first = await migratePhones(deps);
    expect(first.rewritten).toBeGreaterThanOrEqual(3);
    expect(first.unreadable).toBeGreaterThanOrEqual(1);
    expect(await stored(typed.id)).toBe('+18135550161');
    expect(await stored(bare.id)).toBe('+18135550162');
    expect(await stored(archived.id)).toBe('+18135550165');
    expect(await stored(foreign.id)).toBe('+442079460958');
    expect(await stored(canonical.id)).toBe('+18135550164');
    expect(await stored(none.id)).toBeUndefined();
    const events = (await auditTrail(stack, `patient:${typed.id}`)).filter(
      (e) => e.action === 'patient.phone_normalize',
    );
    expect(events).toMatchObject([{ actor_id: 'system:migrate-phones', outcome: 'success', patient_id: typed.id }]);
    // The number is no edit: the version staff read still saves.
    const { data } = await db.entities.patient.get({ patient_id: typed.id }).go({ consistent: true });
    expect(data?.version).toBe(1);

    const mine = new Set([typed.id, bare.id, archived.id]);
    const rewrites: string[] = [];
    const counting: WriteCommitter = {
      commit: (plan) => {
        rewrites.push(patientOf(plan));
        return deps.committer.commit(plan);
      },
    };
    await migratePhones({ ...deps, committer: counting });
    expect(rewrites.filter((id) => mine.has(id))).toEqual([]);
  });

  it('keeps a number changed while the job looked at it', async () => {
    const organization = await createOrganization(stack);
    const patient = await createPatient(stack, organization.id, { phone_number: '+18135550171' });
    await storeAsTyped(patient.id, '813 555 0171');
    const committer = new DynamoWriteCommitter(db);
    const racing: WriteCommitter = {
      commit: async (plan) => {
        // Staff save another number between the job's read and its write.
        if (patientOf(plan) === patient.id) await storeAsTyped(patient.id, '+18135550179');
        return committer.commit(plan);
      },
    };
    const result = await migratePhones({
      phones: new DynamoPhoneMigration(db),
      committer: racing,
      clock: systemClock,
      ids: randomIds,
      callingCodes: ['1'],
    });
    expect((await auditTrail(stack, `patient:${patient.id}`)).map((e) => e.action)).not.toContain(
      'patient.phone_normalize',
    );
    expect(result.changed).toBeGreaterThanOrEqual(1);
    expect(await stored(patient.id)).toBe('+18135550179');
  });
});
