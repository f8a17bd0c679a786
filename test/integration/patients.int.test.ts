/** Patients against DynamoDB Local: outreach cadence, counters, archive, versions, tenancy and the audit trail. */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { OutreachCadence, Patient, ProviderOrganization } from '../../shared/domain';
import { VALIDATION } from '../../shared/messages';
import { defaultFirstOutreachDate, outreachScheduledAt, todayIn } from '../../shared/time-preferences';
import { CHECK_IN_WINDOW_DAYS, checkInWindow, stableHash } from '../../shared/call-lines';
import { call } from '../support/api';
import {
  auditTrail,
  createOrganization,
  createPatient,
  demoOrganizations,
  expectStatus,
  lakesideToken,
  operatorToken,
  organizationOf,
  sunriseToken,
  tableOf,
  totals,
  unique,
  uniqueEmail,
} from '../support/fixtures';

const stack = inject('stack');
let operator: string;
let orgs: { sunrise: string; lakeside: string };

beforeAll(async () => {
  operator = await operatorToken(stack);
  orgs = await demoOrganizations(stack);
});

const patientCount = async (orgId: string) =>
  expectStatus(
    await call<{ provider: ProviderOrganization }>(stack, 'GET', `/providers/${orgId}`, { token: operator }),
    200,
  ).provider.patient_count;
const listPatients = async (orgId: string, token: string, search = '') =>
  expectStatus(
    await call<{ items: Patient[] }>(
      stack,
      'GET',
      `/providers/${orgId}/patients?limit=100&search=${encodeURIComponent(search)}`,
      { token },
    ),
    200,
  ).items;

describe('patient create', () => {
  it("stores the outreach cadence at the preference's start hour in the organization's time zone", async () => {
    const timezone = 'America/Los_Angeles';
    const org = await createOrganization(stack, { timezone });
    const date = defaultFirstOutreachDate(timezone, new Date());
    const answer = await call<{ patient: Patient; outreach: OutreachCadence }>(stack, 'POST', '/patients', {
      token: operator,
      body: {
        provider_id: org.id,
        first_name: 'Olive',
        last_name: 'Reach',
        email: uniqueEmail('olive'),
        outreach: { first_outreach_date: date, time_preference: 'evening' },
      },
    });
    const { patient, outreach } = expectStatus(answer, 201);
    // A new organization has no check-ins yet: every day of the window is as free, the patient id chooses.
    const window = checkInWindow(date);
    const day = window[stableHash(patient.id) % window.length]!;
    const expected = {
      patient_id: patient.id,
      provider_id: org.id,
      first_outreach_date: day,
      time_preference: 'evening',
      enabled: true,
      scheduled_at: outreachScheduledAt(day, 'evening', timezone),
    };
    expect(outreach).toMatchObject(expected);
    expect(new Date(expected.scheduled_at).getUTCHours()).toBeOneOf([1, 2]); // 18:00 in Los Angeles
    const read = await call<{ outreach: OutreachCadence }>(stack, 'GET', `/patients/${patient.id}`, {
      token: operator,
    });
    expect(expectStatus(read, 200).outreach).toMatchObject(expected);
    expect((await tableOf(stack).entities.outreachCadence.get({ patient_id: patient.id }).go()).data).toMatchObject(
      expected,
    );
  });

  it("spreads 50 patients enrolled for one date over the window's days, each with its check-in on its day", async () => {
    const timezone = 'America/New_York';
    const org = await createOrganization(stack, { timezone });
    // Tue 5 March 2030: the window is 5–8 and 11 March.
    const date = '2030-03-05';
    const chosen = new Map<string, number>();
    for (let i = 0; i < 50; i++) {
      const answer = await call<{ patient: Patient; outreach: OutreachCadence }>(stack, 'POST', '/patients', {
        token: operator,
        body: {
          provider_id: org.id,
          first_name: 'Bulk',
          last_name: unique('Enrolled'),
          email: uniqueEmail('bulk'),
          outreach: { first_outreach_date: date, time_preference: 'morning' },
        },
      });
      const { outreach } = expectStatus(answer, 201);
      chosen.set(outreach.first_outreach_date, (chosen.get(outreach.first_outreach_date) ?? 0) + 1);
    }
    expect([...chosen.keys()].sort()).toEqual(checkInWindow(date));
    const most = Math.ceil(50 / CHECK_IN_WINDOW_DAYS) + 1;
    for (const count of chosen.values()) expect(count).toBeLessThanOrEqual(most);
    // The stored check-ins are on those days at 9:00 New York.
    const { data } = await tableOf(stack)
      .entities.callLog.query.byOrganizationList({ provider_id: org.id, list: 'scheduled' })
      .go({ pages: 'all' });
    const stored = new Map<string, number>();
    for (const c of data) {
      expect(c).toMatchObject({ kind: 'monthly', time_preference: 'morning' });
      expect(c.scheduled_at).toBe(outreachScheduledAt(c.cycle_date!, 'morning', timezone));
      stored.set(c.cycle_date!, (stored.get(c.cycle_date!) ?? 0) + 1);
    }
    expect(stored).toEqual(chosen);
  }, 120_000);

  it('accepts today and refuses a past first outreach date or an unknown time preference, creating nothing', async () => {
    const org = await createOrganization(stack, { timezone: 'Pacific/Kiritimati' });
    const before = await totals(stack);
    const body = (outreach: unknown) => ({
      provider_id: org.id,
      first_name: 'A',
      last_name: 'B',
      email: uniqueEmail(),
      outreach,
    });
    const past = await call(stack, 'POST', '/patients', {
      token: operator,
      body: body({ first_outreach_date: '2020-01-01', time_preference: 'morning' }),
    });
    expect(past).toMatchObject({ status: 400, body: { error: VALIDATION.outreachDateInPast } });
    const noon = await call(stack, 'POST', '/patients', {
      token: operator,
      body: body({ first_outreach_date: '2099-01-01', time_preference: 'noon' }),
    });
    expect(noon).toMatchObject({ status: 400, body: { error: VALIDATION.timePreferenceInvalid } });
    expect((await totals(stack)).totalPatients).toBe(before.totalPatients);
    const today = todayIn('Pacific/Kiritimati', new Date());
    const ok = await call(stack, 'POST', '/patients', {
      token: operator,
      body: body({ first_outreach_date: today, time_preference: 'midday' }),
    });
    expect(ok.status).toBe(201);
  });

  it('counts the patient globally and in its organization, exactly once', async () => {
    const org = await createOrganization(stack);
    const before = await totals(stack);
    await createPatient(stack, org.id);
    expect((await totals(stack)).totalPatients).toBe(before.totalPatients + 1);
    expect(await patientCount(org.id)).toBe(1);
  });

  it('refuses a provider user creating a patient in another organization with 404, and audits it', async () => {
    const patientEmail = uniqueEmail('intruder');
    const answer = await call(stack, 'POST', '/patients', {
      token: await sunriseToken(stack),
      body: { provider_id: orgs.lakeside, first_name: 'A', last_name: 'B', email: patientEmail },
    });
    expect(answer).toEqual({ status: 404, body: { error: 'Provider Not Found', code: 'provider.not_found' } });
    const trail = await auditTrail(stack, `organization:${orgs.lakeside}`);
    expect(trail.filter((e) => e.action === 'patient.create' && e.outcome === 'denied').length).toBeGreaterThan(0);
  });
});

describe('patient read, list and update', () => {
  it('lets employees read across organizations and provider users only their own', async () => {
    const patient = await createPatient(stack, orgs.lakeside);
    const asOperator = await call<{ provider: { name: string } }>(stack, 'GET', `/patients/${patient.id}`, {
      token: operator,
    });
    // With its time zone: the patient page's consent and time forms use the organization's day.
    const lakeside = await organizationOf(stack, orgs.lakeside);
    expect(expectStatus(asOperator, 200).provider).toEqual({
      id: orgs.lakeside,
      name: lakeside.name,
      timezone: lakeside.timezone,
    });
    expect((await call(stack, 'GET', `/patients/${patient.id}`, { token: await lakesideToken(stack) })).status).toBe(
      200,
    );
    expect(await call(stack, 'GET', `/patients/${patient.id}`, { token: await sunriseToken(stack) })).toEqual({
      status: 404,
      body: { error: 'Patient Not Found', code: 'patient.not_found' },
    });
  });

  it("searches the organization's list by a prefix of a name or the e-mail", async () => {
    const lastName = unique('Searchable');
    const patient = await createPatient(stack, orgs.sunrise, {
      last_name: lastName,
      phone_number: '+1 (813) 555-0142',
    });
    const sunrise = await sunriseToken(stack);
    for (const search of [lastName.toUpperCase(), `test ${lastName}`, patient.email]) {
      expect(
        (await listPatients(orgs.sunrise, sunrise, search)).map((p) => p.id),
        search,
      ).toEqual([patient.id]);
    }
    expect((await listPatients(orgs.sunrise, sunrise)).length).toBeGreaterThanOrEqual(30);
  });

  it('updates with an optional version and refuses a stale one with 409', async () => {
    const patient = await createPatient(stack, orgs.sunrise, { phone_number: '+18135550111' });
    const edit = (body: Record<string, unknown>) =>
      call<{ patient: Patient }>(stack, 'PUT', `/patients/${patient.id}`, {
        token: operator,
        body: { email: patient.email, first_name: 'Vera', last_name: 'Sion', ...body },
      });
    expect(expectStatus(await edit({ version: 1, phone_number: '' }), 200).patient).toMatchObject({
      first_name: 'Vera',
      phone_number: null,
      version: 2,
    });
    expect(await edit({ version: 1 })).toMatchObject({ status: 409, body: { code: 'patient.version_conflict' } });
    expect(expectStatus(await edit({}), 200).patient.version).toBe(3);
  });
});

describe('patient archive (delete)', () => {
  it('leaves lists, counts and search; answers 404 after; keeps the record', async () => {
    const org = await createOrganization(stack);
    const patient = await createPatient(stack, org.id, { last_name: unique('Archived') });
    const before = await totals(stack);

    expect(await call(stack, 'DELETE', `/patients/${patient.id}`, { token: operator })).toEqual({
      status: 200,
      body: { archived: true },
    });

    expect((await totals(stack)).totalPatients).toBe(before.totalPatients - 1);
    expect(await patientCount(org.id)).toBe(0);
    expect(await listPatients(org.id, operator)).toEqual([]);
    expect(await listPatients(org.id, operator, patient.last_name)).toEqual([]);
    for (const [method, path] of [
      ['GET', `/patients/${patient.id}`],
      ['PUT', `/patients/${patient.id}`],
      ['DELETE', `/patients/${patient.id}`],
      ['GET', `/patients/${patient.id}/care-plan`],
      ['POST', `/patients/${patient.id}/emr-notes`],
    ] as const) {
      const body =
        method === 'PUT'
          ? { email: patient.email, first_name: 'A', last_name: 'B' }
          : method === 'POST'
            ? { content: 'x' }
            : undefined;
      expect(await call(stack, method, path, { token: operator, body }), `${method} ${path}`).toEqual({
        status: 404,
        body: { error: 'Patient Not Found', code: 'patient.not_found' },
      });
    }
    expect((await tableOf(stack).entities.patient.get({ patient_id: patient.id }).go()).data).toMatchObject({
      status: 'archived',
      last_name: patient.last_name,
    });
  });
});

describe('audit trail', () => {
  it('records every read and change of a patient with who, role, organization, action and outcome', async () => {
    const patient = await createPatient(stack, orgs.sunrise);
    const sunrise = await sunriseToken(stack);
    await call(stack, 'GET', `/patients/${patient.id}`, { token: sunrise });
    await call(stack, 'GET', `/patients/${patient.id}`, { token: await lakesideToken(stack) });
    await call(stack, 'PUT', `/patients/${patient.id}`, {
      token: sunrise,
      body: { email: patient.email, first_name: 'Audited', last_name: 'Patient' },
    });
    await call(stack, 'DELETE', `/patients/${patient.id}`, { token: operator });
    await call(stack, 'GET', `/patients/${patient.id}`, { token: operator });

    const trail = await auditTrail(stack, `patient:${patient.id}`);
    expect(trail.map((e) => [e.action, e.outcome, e.actor_role, e.actor_provider_id ?? null])).toEqual([
      ['patient.read', 'success', 'provider', orgs.sunrise],
      ['patient.read', 'denied', 'provider', orgs.lakeside],
      ['patient.update', 'success', 'provider', orgs.sunrise],
      ['patient.archive', 'success', 'careloop_employee', null],
      ['patient.read', 'not_found', 'careloop_employee', null],
    ]);
    expect(
      trail.every((e) => e.patient_id === patient.id && e.actor_id.length > 0 && e.at <= new Date().toISOString()),
    ).toBe(true);
    // Each event names its request (one id per request) and where it came from: the local gateway's caller.
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(trail.every((e) => uuid.test(e.request_id ?? ''))).toBe(true);
    expect(new Set(trail.map((e) => e.request_id)).size).toBe(trail.length);
    expect(new Set(trail.map((e) => e.source_ip))).toEqual(new Set(['127.0.0.1']));
    const created = await auditTrail(stack, `organization:${orgs.sunrise}`);
    expect(
      created.some((e) => e.action === 'patient.create' && e.patient_id === patient.id && e.outcome === 'success'),
    ).toBe(true);
  });
});
