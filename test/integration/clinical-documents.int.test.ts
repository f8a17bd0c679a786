/** Care plans and EMR notes against DynamoDB Local: the modal's calls, versions, tenancy, audit. */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ClinicalDocument } from '../../shared/domain';
import { DEMO, call } from '../support/api';
import {
  auditTrail,
  createPatient,
  demoOrganizations,
  expectStatus,
  lakesideToken,
  operatorToken,
  sunriseToken,
} from '../support/fixtures';

const stack = inject('stack');
let orgs: { sunrise: string; lakeside: string };

beforeAll(async () => {
  orgs = await demoOrganizations(stack);
});

describe.each([
  ['care-plan', 'carePlan', 'care_plan'],
  ['emr-notes', 'emrNotes', 'emr_notes'],
] as const)('%s', (segment, key, kind) => {
  it('reads null, creates trimmed with its creator, refuses a second create, updates with versions', async () => {
    const patient = await createPatient(stack, orgs.sunrise);
    const sunrise = await sunriseToken(stack);
    const path = `/patients/${patient.id}/${segment}`;
    const send = (method: string, body?: unknown, token = sunrise) =>
      call<Record<string, ClinicalDocument | null>>(stack, method, path, { token, body });

    expect(await send('GET')).toEqual({ status: 200, body: { [key]: null } });
    expect(await send('PUT', { content: 'nothing yet' })).toMatchObject({
      status: 404,
      body: { code: `${kind}.not_found` },
    });

    const created = expectStatus(await send('POST', { content: '  Walk 20 minutes daily.\n' }), 201)[key];
    expect(created).toMatchObject({
      patient_id: patient.id,
      provider_id: orgs.sunrise,
      content: 'Walk 20 minutes daily.',
      creator: { email: DEMO.sunrise },
      version: 1,
    });
    expect(expectStatus(await send('GET'), 200)[key]).toEqual(created);
    expect(await send('POST', { content: 'again' })).toMatchObject({ status: 409, body: { code: `${kind}.exists` } });

    const updated = expectStatus(
      await send('PUT', { content: ' Walk 30 minutes. ', version: 1 }, await operatorToken(stack)),
      200,
    )[key];
    expect(updated).toMatchObject({
      content: 'Walk 30 minutes.',
      creator: { email: DEMO.sunrise },
      updated_by: { email: DEMO.operator },
      version: 2,
    });
    expect(updated?.updated_at && created && updated.updated_at >= created.updated_at).toBe(true);
    expect(await send('PUT', { content: 'stale', version: 1 })).toMatchObject({
      status: 409,
      body: { code: `${kind}.version_conflict` },
    });
    expect(expectStatus(await send('PUT', { content: 'no version' }), 200)[key]).toMatchObject({
      content: 'no version',
      version: 3,
    });

    const trail = await auditTrail(stack, `patient:${patient.id}`);
    expect(trail.filter((e) => e.action.startsWith(kind)).map((e) => [e.action, e.outcome])).toEqual([
      [`${kind}.read`, 'success'],
      [`${kind}.update`, 'not_found'],
      [`${kind}.create`, 'success'],
      [`${kind}.read`, 'success'],
      [`${kind}.create`, 'invalid'],
      [`${kind}.update`, 'success'],
      [`${kind}.update`, 'invalid'],
      [`${kind}.update`, 'success'],
    ]);
  });

  it("keeps another organization's provider users out, exactly like a missing patient, and audits it", async () => {
    const patient = await createPatient(stack, orgs.sunrise);
    const lakeside = await lakesideToken(stack);
    const path = `/patients/${patient.id}/${segment}`;
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { content: 'intrusion' }],
      ['PUT', { content: 'intrusion' }],
    ] as const) {
      expect(await call(stack, method, path, { token: lakeside, body }), method).toEqual({
        status: 404,
        body: { error: 'Patient Not Found', code: 'patient.not_found' },
      });
    }
    expect(
      await call(stack, 'GET', `/patients/00000000-0000-4000-8000-000000000000/${segment}`, { token: lakeside }),
    ).toEqual({
      status: 404,
      body: { error: 'Patient Not Found', code: 'patient.not_found' },
    });
    const trail = await auditTrail(stack, `patient:${patient.id}`);
    expect(trail.map((e) => [e.action, e.outcome, e.actor_provider_id])).toEqual([
      [`${kind}.read`, 'denied', orgs.lakeside],
      [`${kind}.create`, 'denied', orgs.lakeside],
      [`${kind}.update`, 'denied', orgs.lakeside],
    ]);
    expect(expectStatus(await call(stack, 'GET', path, { token: await sunriseToken(stack) }), 200)).toEqual({
      [key]: null,
    });
  });
});
