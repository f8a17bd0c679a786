/** Provider organizations against DynamoDB Local and cognito-local: lists, search, edits, and archiving. */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page, Patient, ProviderOrganization, UserProfile } from '../../shared/domain';
import { IDENTIFIER_MESSAGES } from '../../shared/ccm/identifiers';
import { DEMO_PASSWORD, call, signIn, tokenFor } from '../support/api';
import {
  accountOf,
  auditTrail,
  createDocument,
  createOrganization,
  createPatient,
  createUser,
  expectStatus,
  operatorToken,
  sunriseToken,
  tableOf,
  totals,
  unique,
  uniqueEmail,
} from '../support/fixtures';

const stack = inject('stack');
let operator: string;

beforeAll(async () => {
  operator = await operatorToken(stack);
});

const listProviders = async (search = '') =>
  expectStatus(
    await call<Page<ProviderOrganization>>(stack, 'GET', `/providers?search=${encodeURIComponent(search)}`, {
      token: operator,
    }),
    200,
  ).items;

describe('organization list', () => {
  it('lists active organizations newest first', async () => {
    const older = await createOrganization(stack);
    const newer = await createOrganization(stack);
    const ids = (await listProviders()).map((p) => p.id);
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
  });

  it('searches a prefix of the name, a word of it or the office e-mail, ignoring case', async () => {
    const tag = unique('q').toLowerCase();
    const org = await createOrganization(stack, {
      name: `Harbor ${tag} Clinic`,
      office_email: `desk@${tag}.example`,
      telephone: `+1 555 ${tag}`,
      address: `1 ${tag} Way`,
    });
    for (const search of [`HARBOR ${tag.toUpperCase()}`, `desk@${tag}`, tag.toUpperCase()]) {
      expect(
        (await listProviders(search)).map((p) => p.id),
        search,
      ).toEqual([org.id]);
    }
    expect(await listProviders(`${tag}-nothing`)).toEqual([]);
  });
});

describe('organization create and edit', () => {
  it('trims values, omits empty optional ones and counts the organization', async () => {
    const before = await totals(stack);
    const org = await createOrganization(stack, {
      name: '  Bayside Clinic  ',
      address: ' ',
      telephone: ' +18135550000 ',
    });
    expect(org).toMatchObject({
      name: 'Bayside Clinic',
      address: null,
      telephone: '+18135550000',
      office_email: null,
      timezone: 'America/New_York',
      patient_count: 0,
      version: 1,
    });
    expect((await totals(stack)).totalProviders).toBe(before.totalProviders + 1);
  });

  it('stores emptied optional values as null on update', async () => {
    const org = await createOrganization(stack, {
      address: '2 Main St',
      office_email: 'a@b.example',
      timezone: 'America/Chicago',
    });
    const updated = await call<{ provider: ProviderOrganization }>(stack, 'PUT', `/providers/${org.id}`, {
      token: operator,
      body: { name: 'Edited', address: '', office_email: '   ', version: 1 },
    });
    expect(expectStatus(updated, 200).provider).toMatchObject({
      name: 'Edited',
      address: null,
      office_email: null,
      timezone: 'America/Chicago',
    });
    const detail = await call<{ provider: ProviderOrganization }>(stack, 'GET', `/providers/${org.id}`, {
      token: operator,
    });
    expect(expectStatus(detail, 200).provider).toMatchObject({ address: null, office_email: null, version: 2 });
  });

  it('refuses a stale version with 409 and an unknown time zone with 400', async () => {
    const org = await createOrganization(stack);
    const first = await call(stack, 'PUT', `/providers/${org.id}`, {
      token: operator,
      body: { name: 'First', version: 1 },
    });
    expect(first.status).toBe(200);
    const second = await call(stack, 'PUT', `/providers/${org.id}`, {
      token: operator,
      body: { name: 'Second', version: 1 },
    });
    expect(second).toMatchObject({ status: 409, body: { code: 'provider.version_conflict' } });
    const zone = await call(stack, 'PUT', `/providers/${org.id}`, {
      token: operator,
      body: { name: 'Z', timezone: 'Mars/Base' },
    });
    expect(zone).toMatchObject({ status: 400, body: { error: 'Please choose a valid time zone' } });
  });
});

describe('organization detail', () => {
  it('returns the organization; its provider users (not its patient accounts) and patients are their own lists', async () => {
    const org = await createOrganization(stack);
    const [staff, patientAccount, patient] = await Promise.all([
      createUser(stack, { role: 'provider', provider_id: org.id }),
      createUser(stack, { role: 'patient', provider_id: org.id }),
      createPatient(stack, org.id),
    ]);
    const read = async <T>(path: string) => expectStatus(await call<T>(stack, 'GET', path, { token: operator }), 200);
    const body = await read<{ provider: ProviderOrganization }>(`/providers/${org.id}`);
    expect(body).toEqual({ provider: expect.objectContaining({ id: org.id, patient_count: 1 }) });
    const users = (await read<Page<UserProfile>>(`/providers/${org.id}/users`)).items;
    expect(users.map((u) => u.id)).toEqual([staff.id]);
    expect(users[0]).toMatchObject({ full_name: 'Test User', provider: { id: org.id, name: org.name } });
    expect(users.map((u) => u.id)).not.toContain(patientAccount.id);
    const patients = (await read<Page<Patient>>(`/providers/${org.id}/patients`)).items;
    expect(patients.map((p) => p.id)).toEqual([patient.id]);
    expect((await auditTrail(stack, `organization:${org.id}`)).map((e) => [e.action, e.outcome])).toContainEqual([
      'provider.read',
      'success',
    ]);
  });

  it('answers a provider user asking for another organization exactly like a missing one, and audits the refusal', async () => {
    const org = await createOrganization(stack);
    const sunrise = await sunriseToken(stack);
    const other = await call(stack, 'GET', `/providers/${org.id}`, { token: sunrise });
    const missing = await call(stack, 'GET', '/providers/00000000-0000-4000-8000-000000000000', { token: sunrise });
    expect(other).toEqual({ status: 404, body: { error: 'Provider Not Found', code: 'provider.not_found' } });
    expect(missing).toEqual(other);
    const [created, event] = await auditTrail(stack, `organization:${org.id}`);
    expect(created).toMatchObject({ action: 'provider.create', outcome: 'success' });
    expect(event).toMatchObject({ action: 'provider.read', outcome: 'denied', actor_role: 'provider' });
  });
});

describe('organization archive (delete)', () => {
  it('archives: leaves lists, counts and search, disables its users, keeps the clinical records', async () => {
    const org = await createOrganization(stack, { name: unique('Archive Me') });
    const staffEmail = uniqueEmail('staff');
    const staff = await createUser(stack, { email: staffEmail, role: 'provider', provider_id: org.id });
    const patient = await createPatient(stack, org.id);
    await createDocument(stack, patient.id, 'care-plan', 'Keep me for six years');
    const staffToken = await signIn(stack, staffEmail);
    const before = await totals(stack);

    const archived = await call(stack, 'DELETE', `/providers/${org.id}`, { token: operator });
    expect(archived).toEqual({ status: 200, body: { archived: true } });

    const after = await totals(stack);
    expect(after.totalProviders).toBe(before.totalProviders - 1);
    expect(after.totalPatients).toBe(before.totalPatients - 1);
    expect(after.totalUsers).toBe(before.totalUsers - 1);

    expect((await listProviders()).map((p) => p.id)).not.toContain(org.id);
    expect(await listProviders(org.name)).toEqual([]);
    for (const [method, path] of [
      ['GET', `/providers/${org.id}`],
      ['PUT', `/providers/${org.id}`],
      ['DELETE', `/providers/${org.id}`],
      ['GET', `/providers/${org.id}/patients`],
    ] as const) {
      const answer = await call(stack, method, path, {
        token: operator,
        body: method === 'PUT' ? { name: 'X' } : undefined,
      });
      expect(answer, `${method} ${path}`).toMatchObject({ status: 404, body: { code: 'provider.not_found' } });
    }
    expect(await call(stack, 'GET', `/patients/${patient.id}`, { token: operator })).toMatchObject({
      status: 404,
      body: { code: 'patient.not_found' },
    });
    const users = expectStatus(
      await call<Page<UserProfile>>(stack, 'GET', `/users?search=${encodeURIComponent(staffEmail)}`, {
        token: operator,
      }),
      200,
    ).items;
    expect(users.map((u) => u.id)).not.toContain(staff.id);

    // Its users: disabled in Cognito, and a token issued before the archive is refused (revocation).
    expect((await accountOf(stack, staff.id)).enabled).toBe(false);
    for (const path of [`/providers/${org.id}/patients`, `/patients/${patient.id}`, '/me']) {
      expect(await call(stack, 'GET', path, { token: staffToken })).toMatchObject({ status: 401 });
    }

    // Nothing clinical erased.
    const db = tableOf(stack);
    expect((await db.entities.patient.get({ patient_id: patient.id }).go()).data).toMatchObject({ status: 'active' });
    expect((await db.entities.carePlan.get({ patient_id: patient.id }).go()).data).toMatchObject({
      content: 'Keep me for six years',
    });
    expect((await db.entities.organization.get({ organization_id: org.id }).go()).data).toMatchObject({
      status: 'archived',
    });
    expect((await auditTrail(stack, `organization:${org.id}`)).map((e) => [e.action, e.outcome])).toContainEqual([
      'provider.archive',
      'success',
    ]);
  });

  it('leaves the provider users of an archived organization unable to sign in', async () => {
    const org = await createOrganization(stack);
    const email = uniqueEmail('staff');
    await createUser(stack, { email, role: 'provider', provider_id: org.id });
    await signIn(stack, email);
    expectStatus(await call(stack, 'DELETE', `/providers/${org.id}`, { token: operator }), 200);
    await expect(signIn(stack, email, DEMO_PASSWORD)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});

describe('the group NPI', () => {
  it('refuses a wrong check digit in words (400), stores a right one without spaces, shows it, and audits each change', async () => {
    const org = await createOrganization(stack);
    const put = (body: Record<string, unknown>) =>
      call<{ provider: ProviderOrganization }>(stack, 'PUT', `/providers/${org.id}`, { token: operator, body });
    expect(await put({ name: org.name, group_npi: '1245319598', version: 1 })).toMatchObject({
      status: 400,
      body: { error: IDENTIFIER_MESSAGES.npiInvalid, code: expect.stringMatching(/^request\.invalid/) },
    });
    const created = await call<{ provider: ProviderOrganization }>(stack, 'POST', '/providers', {
      token: operator,
      body: { name: unique('Group Clinic'), group_npi: '12345' },
    });
    expect(created).toMatchObject({ status: 400, body: { error: IDENTIFIER_MESSAGES.npiInvalid } });
    // Nothing changed.
    const read = async () =>
      expectStatus(
        await call<{ provider: ProviderOrganization }>(stack, 'GET', `/providers/${org.id}`, { token: operator }),
        200,
      ).provider;
    expect(await read()).toMatchObject({ group_npi: null, version: 1 });

    expect(
      expectStatus(await put({ name: org.name, group_npi: '1245 319599', version: 1 }), 200).provider,
    ).toMatchObject({
      group_npi: '1245319599',
      version: 2,
    });
    // Its own staff read it on the organization's detail; left out of an edit, it stays.
    const staff = expectStatus(
      await call<{ provider: ProviderOrganization }>(stack, 'GET', `/providers/${org.id}`, {
        token: await tokenFor(stack, 'provider', org.id),
      }),
      200,
    ).provider;
    expect(staff.group_npi).toBe('1245319599');
    expect(expectStatus(await put({ name: 'Renamed', version: 2 }), 200).provider.group_npi).toBe('1245319599');
    expect(expectStatus(await put({ name: 'Renamed', group_npi: '', version: 3 }), 200).provider.group_npi).toBeNull();

    // The NPI before and after on each change that moved it ('none': there was none); ids and codes only.
    const updates = (await auditTrail(stack, `organization:${org.id}`)).filter(
      (e) => e.action === 'provider.update' && e.outcome === 'success',
    );
    expect(updates.map((e) => [e.outcome, e.npi_before ?? null, e.npi_after ?? null])).toEqual([
      ['success', 'none', '1245319599'],
      ['success', null, null],
      ['success', '1245319599', 'none'],
    ]);
  });
});

describe('audit of organization changes', () => {
  it('records create, edit and archive in the same write as the change, with ids and never names', async () => {
    const name = unique('Audited Clinic');
    const org = await createOrganization(stack, { name });
    const edited = await call<{ provider: ProviderOrganization }>(stack, 'PUT', `/providers/${org.id}`, {
      token: operator,
      body: { name: `${name} Renamed`, version: org.version },
    });
    expect(expectStatus(edited, 200).provider.version).toBe(org.version + 1);
    const stale = await call(stack, 'PUT', `/providers/${org.id}`, {
      token: operator,
      body: { name: 'Stale', version: org.version },
    });
    expect(stale.status).toBe(409);
    expectStatus(await call(stack, 'DELETE', `/providers/${org.id}`, { token: operator }), 200);

    const operatorId = expectStatus(await call<UserProfile>(stack, 'GET', '/me', { token: operator }), 200).id;
    const trail = (await auditTrail(stack, `organization:${org.id}`)).filter((e) => e.action !== 'provider.read');
    expect(trail.map((e) => [e.action, e.outcome])).toEqual([
      ['provider.create', 'success'],
      ['provider.update', 'success'],
      ['provider.update', 'invalid'],
      ['provider.archive', 'success'],
    ]);
    expect(trail.every((e) => e.actor_id === operatorId && e.actor_role === 'careloop_employee')).toBe(true);
    expect(trail.every((e) => typeof e.request_id === 'string' && typeof e.source_ip === 'string')).toBe(true);
    expect(JSON.stringify(trail)).not.toContain('Audited Clinic');
  });
});
