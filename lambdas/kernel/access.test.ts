import { describe, expect, it } from 'vitest';
import type { Actor } from './actor';
import { callForActor, isSettingsAdmin, organizationBeside } from './access';
import type { CallLogRecord } from './records/call-log';
import type { PatientRecord } from './records/patient';
import { badRequest } from './app-error';
import { TenantDenied, fail } from './error-catalogue';

const operator: Actor = { userId: 'u-1', email: 'ops@careloop.example', role: 'careloop_employee', providerId: null };

describe('isSettingsAdmin', () => {
  it('is the capability on the operator’s own profile, whatever the e-mail', () => {
    expect(isSettingsAdmin(operator, { can_manage_settings: true })).toBe(true);
    expect(isSettingsAdmin({ ...operator, email: 'admin@careloop.health' }, {})).toBe(false);
    expect(isSettingsAdmin(operator, null)).toBe(false);
  });

  it('never holds for a provider user, even with the flag on the profile', () => {
    expect(isSettingsAdmin({ ...operator, role: 'provider', providerId: 'o-1' }, { can_manage_settings: true })).toBe(
      false,
    );
  });
});

describe('organizationBeside: a read started beside the organization check', () => {
  const orgId = '2f0c6b9e-3c1a-4b5e-9a0d-1f2e3d4c5b6a';
  const other = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
  const provider: Actor = { userId: 'u-2', email: 'nurse@sunrise.example', role: 'provider', providerId: orgId };
  const active = { id: orgId, name: 'Sunrise', status: 'active', timezone: 'America/New_York' };

  it('starts the read before the organization is read, and answers both', async () => {
    const order: string[] = [];
    const deps = {
      organizations: {
        getRef: async (id: string) => {
          order.push(`org ${id}`);
          return active as never;
        },
      },
    };
    const [organization, rows] = await organizationBeside(deps, provider, orgId, async () => {
      order.push('read');
      return ['row'];
    });
    expect(organization).toBe(active);
    expect(rows).toEqual(['row']);
    expect(order).toEqual(['read', `org ${orgId}`]);
  });

  it("never starts the read for another organization's id, and answers its 404 as denied", async () => {
    let read = false;
    const deps = { organizations: { getRef: async () => active as never } };
    const refused = organizationBeside(deps, provider, other, async () => void (read = true));
    await expect(refused).rejects.toBeInstanceOf(TenantDenied);
    await expect(refused).rejects.toMatchObject({ status: 404 });
    expect(read).toBe(false);
  });

  it('answers the check’s 404, not the read’s failure, for an archived or missing organization', async () => {
    for (const found of [null, { ...active, status: 'archived' }]) {
      const deps = { organizations: { getRef: async () => found as never } };
      await expect(
        organizationBeside(deps, operator, orgId, () => Promise.reject(badRequest('cursor.invalid', 'bad cursor'))),
      ).rejects.toMatchObject({ status: 404, code: fail('providerNotFound').code });
    }
  });

  it('answers the read’s own failure once the check has passed', async () => {
    const deps = { organizations: { getRef: async () => active as never } };
    await expect(
      organizationBeside(deps, operator, orgId, () => Promise.reject(badRequest('cursor.invalid', 'bad cursor'))),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('callForActor: the read granted once the call names the token’s organization', () => {
  const orgId = '2f0c6b9e-3c1a-4b5e-9a0d-1f2e3d4c5b6a';
  const other = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
  const provider: Actor = { userId: 'u-2', email: 'nurse@sunrise.example', role: 'provider', providerId: orgId };
  const patientId = '5b6a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d';
  const log = { id: 'c-1', patient_id: patientId, provider_id: orgId } as CallLogRecord;
  const patient = { id: patientId, provider_id: orgId, status: 'active' } as PatientRecord;
  const organization = { id: orgId, name: 'Sunrise', status: 'active', timezone: 'America/New_York' };
  /** The order of the reads and of `granted`, as the test's deps see them. */
  const depsOf = (stored: { log: CallLogRecord | null; patient: PatientRecord | null }, order: string[]) => ({
    callLogs: { get: async () => (order.push('call'), stored.log) },
    patients: { get: async () => (order.push('patient'), stored.patient) },
    organizations: { getRef: async (id: string) => (order.push(`org ${id}`), organization as never) },
  });

  it("grants a provider user's read of their organization's call before its patient is read", async () => {
    const order: string[] = [];
    const found = await callForActor(depsOf({ log, patient }, order), provider, 'c-1', 'callNotFound', (l) =>
      order.push(`granted ${l.id}`),
    );
    expect(found).toMatchObject({ log, patient, organization });
    expect(order.slice(0, 2)).toEqual(['call', 'granted c-1']);
    expect(order).toContain('patient');
  });

  it('grants an operator’s read too, and still answers 404 when the patient is gone', async () => {
    const order: string[] = [];
    const gone = callForActor(depsOf({ log, patient: null }, order), operator, 'c-1', 'callNotFound', () =>
      order.push('granted'),
    );
    await expect(gone).rejects.toMatchObject({ status: 404, code: fail('callNotFound').code });
    expect(order.slice(0, 2)).toEqual(['call', 'granted']);
  });

  it("never grants another organization's call, a missing call, or a patient's token; each answers as before", async () => {
    const order: string[] = [];
    const grant = () => order.push('granted');
    const foreign = { ...log, provider_id: other } as CallLogRecord;
    const elsewhere = { ...patient, provider_id: other } as PatientRecord;
    const refused = callForActor(
      depsOf({ log: foreign, patient: elsewhere }, order),
      provider,
      'c-1',
      'callNotFound',
      grant,
    );
    await expect(refused).rejects.toBeInstanceOf(TenantDenied);
    await expect(refused).rejects.toMatchObject({ status: 404 });
    await expect(
      callForActor(depsOf({ log: null, patient }, order), provider, 'c-1', 'callNotFound', grant),
    ).rejects.toMatchObject({ status: 404 });
    const patientActor: Actor = { ...provider, role: 'patient' };
    await expect(
      callForActor(depsOf({ log, patient }, order), patientActor, 'c-1', 'callNotFound', grant),
    ).rejects.toMatchObject({ status: 403 });
    expect(order).not.toContain('granted');
  });
});
