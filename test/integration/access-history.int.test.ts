/** A patient's access history (issue 10 "Audit completeness"): operators only, newest first, paged, itself audited. */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AccessHistoryPage, UserProfile } from '../../shared/domain';
import { call } from '../support/api';
import {
  auditTrail,
  createDocument,
  createPatient,
  demoOrganizations,
  expectStatus,
  lakesideToken,
  operatorToken,
  sunriseToken,
} from '../support/fixtures';

const stack = inject('stack');
let orgs: { sunrise: string; lakeside: string };
let nurse: UserProfile;
let operator: UserProfile;

const me = async (token: string) => expectStatus(await call<UserProfile>(stack, 'GET', '/me', { token }), 200);

beforeAll(async () => {
  orgs = await demoOrganizations(stack);
  nurse = await me(await sunriseToken(stack));
  operator = await me(await operatorToken(stack));
});

describe('GET /patients/{patientId}/access-history', () => {
  it("lists who read and changed the patient's data, newest first, with names and e-mails, a page at a time", async () => {
    const patient = await createPatient(stack, orgs.sunrise);
    const sunrise = await sunriseToken(stack);
    await createDocument(stack, patient.id, 'care-plan', 'Walk daily');
    expectStatus(await call(stack, 'GET', `/patients/${patient.id}`, { token: sunrise }), 200);
    expectStatus(await call(stack, 'GET', `/patients/${patient.id}/care-plan`, { token: sunrise }), 200);
    // Another organization's attempt shows as denied, with that user's organization.
    expect((await call(stack, 'GET', `/patients/${patient.id}`, { token: await lakesideToken(stack) })).status).toBe(
      404,
    );

    const token = await operatorToken(stack);
    const path = `/patients/${patient.id}/access-history`;
    const trail = await auditTrail(stack, `patient:${patient.id}`);
    const first = expectStatus(await call<AccessHistoryPage>(stack, 'GET', path, { token }), 200);
    expect(first.next_cursor).toBeNull();
    expect(first.items.map((e) => e.id)).toEqual(trail.map((e) => e.event_id).reverse());
    expect(first.items.slice(0, 3).map((e) => [e.action, e.outcome, e.actor.role, e.actor.organization_id])).toEqual([
      ['patient.read', 'denied', 'provider', orgs.lakeside],
      ['care_plan.read', 'success', 'provider', orgs.sunrise],
      ['patient.read', 'success', 'provider', orgs.sunrise],
    ]);
    expect(first.items[1]).toEqual({
      id: expect.any(String),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      action: 'care_plan.read',
      outcome: 'success',
      actor: {
        user_id: nurse.id,
        role: 'provider',
        organization_id: orgs.sunrise,
        name: `${nurse.first_name} ${nurse.last_name}`,
        email: nurse.email,
      },
      request_id: expect.any(String),
      source_ip: expect.any(String),
    });
    expect(first.items.at(-1)).toMatchObject({
      action: 'care_plan.create',
      actor: { user_id: operator.id, role: 'careloop_employee', organization_id: null, email: operator.email },
    });

    // Reading the history is audited: the next read starts with it.
    const again = expectStatus(await call<AccessHistoryPage>(stack, 'GET', path, { token }), 200);
    expect(again.items[0]).toMatchObject({
      action: 'patient.access_history.read',
      outcome: 'success',
      actor: { user_id: operator.id },
    });

    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const page: AccessHistoryPage = expectStatus(
        await call<AccessHistoryPage>(stack, 'GET', `${path}?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token }),
        200,
      );
      pages.push(page.items.map((e) => e.id));
      cursor = page.next_cursor;
    } while (cursor && pages.length < 20);
    expect(pages.every((p) => p.length <= 2)).toBe(true);
    expect(pages.flat().slice(1)).toEqual(again.items.map((e) => e.id));
  });

  it('refuses provider users with 403, a missing patient with 404 and a bad cursor with 400', async () => {
    const patient = await createPatient(stack, orgs.sunrise);
    const path = `/patients/${patient.id}/access-history`;
    expect(await call(stack, 'GET', path, { token: await sunriseToken(stack) })).toEqual({
      status: 403,
      body: { error: expect.any(String), code: 'auth.forbidden' },
    });
    const token = await operatorToken(stack);
    expect(
      await call(stack, 'GET', '/patients/00000000-0000-4000-8000-000000000000/access-history', { token }),
    ).toEqual({ status: 404, body: { error: 'Patient Not Found', code: 'patient.not_found' } });
    expect(await call(stack, 'GET', `${path}?cursor=%7B%7D`, { token })).toEqual({
      status: 400,
      body: { error: 'Invalid cursor', code: 'request.invalid_cursor' },
    });
  });

  it('stays readable after the patient is archived (records are kept)', async () => {
    const patient = await createPatient(stack, orgs.sunrise);
    const token = await operatorToken(stack);
    expectStatus(await call(stack, 'DELETE', `/patients/${patient.id}`, { token }), 200);
    const page = expectStatus(
      await call<AccessHistoryPage>(stack, 'GET', `/patients/${patient.id}/access-history`, { token }),
      200,
    );
    // Creating a patient is an event of its organization; archiving it is the patient's own.
    expect(page.items.map((e) => [e.action, e.outcome])).toEqual([['patient.archive', 'success']]);
  });
});
