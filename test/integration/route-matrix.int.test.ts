/**
 * The authorization and input matrix, generated from the route manifest. Every route walks:
 * no token 401 → each role it does not allow 403 → a Sunrise provider user reaching a Lakeside
 * record 404 → a path id that cannot exist 404, as a record that does not exist (after 401 and
 * 403) → malformed input 400 with the spec's message → success. A route added to the manifest
 * without its fixture here fails the first test.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ROUTES,
  isStaffAccess,
  isWebhookAccess,
  routeKey,
  type RouteDefinition,
  type RouteKey,
} from '../../lambdas/routes';
import { VALIDATION } from '../../shared/messages';
import { ON_CALL_MESSAGES } from '../../shared/warm-transfer';
import { CCM_MESSAGES, CONDITION_MESSAGES } from '../../shared/ccm/messages';
import { BILLING_MESSAGES, CARE_TIME_MESSAGES } from '../../shared/care-time';
import { CARE_PROGRAM_MESSAGES, FEE_SCHEDULE_MESSAGES } from '../../shared/care-program';
import { APCM_LOG_MESSAGES } from '../../shared/apcm';
import { TRANSITION_MESSAGES } from '../../shared/care-transitions';
import { DEFAULT_RATES } from '../../shared/ccm/rates';
import { DASHBOARD_MESSAGES } from '../../shared/dashboard';
import { EMPTY_CARE_PLAN } from '../../shared/care-plan';
import { ENROLLMENT_MESSAGES } from '../../shared/enrollment/panel';
import { OBSERVATION_CODE_MESSAGE, PAGE_LIMIT_MESSAGE } from '../../shared/validation';
import { ROLES, type Role } from '../../shared/roles';
import { CAPABILITY_SPECS } from '../../lambdas/capabilities';
import { DynamoWriteCommitter } from '../../lambdas/platform/dynamodb/committer';
import { createSummaryLink } from '../../lambdas/kernel/links';
import { call } from '../support/api';
import { createCarePlanPatient } from '../support/care-plan-links';
import { PANEL_HEADER } from '../support/panel-files';
import { IMPORT_MESSAGES } from '../../shared/enrollment/messages';
import { PANEL_IMPORT_MESSAGES } from '../../shared/enrollment/panel-import';
import { endOfCallReport, statusUpdate } from '../support/vapi-messages';
import {
  createCallablePatient,
  createDocument,
  createOrganization,
  createPatient,
  createUser,
  demoOrganizations,
  expectStatus,
  eventually,
  operatorToken,
  organizationOf,
  inboundText,
  lakesideToken,
  postTwilioWebhook,
  postVapiWebhook,
  scheduleCallFor,
  sunriseToken,
  tableOf,
  throwawayToken,
  timeZoneAtHour,
  unique,
  uniqueEmail,
} from '../support/fixtures';

const stack = inject('stack');

/** Records a path or body can name: an organization, a patient, a user, a pending scheduled call. */
interface RecordIds {
  org: string;
  patient: string;
  user: string;
  call: string;
  /** A completed call with a summary, and its version. */
  completed: string;
  completedVersion: number;
  /** A summary link's token for that call. */
  link: string;
  /** A patient's text (a callback request where the success case needs one). */
  text: string;
  /** A panel import awaiting its file. */
  panelImport: string;
}

interface World {
  /** Sunrise records (the success actor's own organization). */
  own: RecordIds;
  /** Lakeside records (another organization). */
  other: RecordIds;
  /** A fresh organization that user writes use, so the demo organizations keep their staff. */
  userOrg: string;
}

type Body = Record<string, unknown>;

interface Fixture {
  /** Who the success and bad-input cases run as: the operator, or Sunrise's nurse on Sunrise records. */
  as: 'operator' | 'sunrise';
  path: (ids: RecordIds) => string;
  /** Records the success case changes, made fresh for it (merged over the own ids). */
  fresh?: (world: World) => Promise<Partial<RecordIds>>;
  /** Routes with a body: a valid one, a malformed one and its spec message, and the message when it is missing. */
  body: { valid: (ids: RecordIds, world: World) => Body; malformed: unknown; message: string; missing: string } | null;
  /** A POST that takes no body (the path says it all). */
  noBody?: true;
  /** Routes without a body that read a query: a bad one and its message. */
  badQuery: { query: string; message: string } | null;
  /** The not-found code another organization's record answers with; null when the route names no tenant record. */
  otherOrganization:
    | 'provider.not_found'
    | 'patient.not_found'
    | 'call.not_found'
    | 'summary.not_found'
    /** The summary page refuses with its own text (product-rules.md "Roles"), as a 403. */
    | 'summary.other_organization'
    | 'import.not_found'
    | null;
  success: { status: 200 | 201; check: (body: Body, ids: RecordIds, world: World) => void };
}

const patientBody = (org: string): Body => ({
  provider_id: org,
  first_name: 'Matrix',
  last_name: unique('Patient'),
  email: uniqueEmail('matrix'),
  phone_number: '+1 (813) 555-0199',
});
const freshPatient = async (world: World) => ({ patient: (await createPatient(stack, world.own.org)).id });
/** A fresh patient under APCM since 2026-01: only a month under APCM takes an APCM log. */
async function freshApcmPatient(world: World) {
  const { patient } = await freshPatient(world);
  await tableOf(stack)
    .entities.patient.patch({ patient_id: patient })
    .set({
      care_programs: [
        {
          program: 'apcm',
          from: '2026-01',
          set_at: '2025-12-15T15:00:00.000Z',
          set_by: 'u1',
          set_by_name: 'Nora Ellis',
        },
      ],
    })
    .go();
  return { patient };
}
const freshUser = async (world: World) => ({ user: (await createUser(stack, { provider_id: world.userOrg })).id });
/** A user an operator suspended. */
async function freshSuspendedUser(world: World) {
  const { user } = await freshUser(world);
  const token = await operatorToken(stack);
  expectStatus(await call(stack, 'POST', `/users/${user}/suspension`, { token }), 200);
  return { user };
}
/** Another operator's account (settings administration is granted only to operators). */
const freshOperator = async () => ({ user: (await createUser(stack, { role: 'careloop_employee' })).id });
/** Another operator the demo operator made a settings admin. */
async function freshSettingsAdmin() {
  const { user } = await freshOperator();
  const token = await operatorToken(stack);
  expectStatus(await call(stack, 'PUT', `/users/${user}/settings-admin`, { token }), 200);
  return { user };
}
/** A patient with a phone the simulator answers, so a placed call completes and frees the patient. */
const freshCallable = async (world: World) => ({ patient: (await createCallablePatient(stack, world.own.org)).id });
/** A callable patient with two chronic conditions on the care plan: eligible for CCM, not yet invited. */
async function freshEligible(world: World) {
  const { patient } = await freshCallable(world);
  const conditions = [
    { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
    { code: 'I10', description: 'Essential (primary) hypertension' },
  ];
  expectStatus(
    await call(stack, 'POST', `/patients/${patient}/care-plan`, {
      token: await operatorToken(stack),
      body: { ...EMPTY_CARE_PLAN, conditions },
    }),
    201,
  );
  return { patient };
}
/** A call placed and played to its end (the simulator answers: a Normal, successful check-in). */
async function completedCall(
  patientId: string,
): Promise<{ completed: string; completedVersion: number; link: string }> {
  const token = await operatorToken(stack);
  const placed = expectStatus(
    await call<{ call: { id: string } }>(stack, 'POST', `/patients/${patientId}/calls`, { token }),
    201,
  ).call;
  const done = await eventually(
    async () => (await call<{ call: { status: string } }>(stack, 'GET', `/calls/${placed.id}`, { token })).body.call,
    (c) => c.status === 'completed',
  );
  expect(done.status).toBe('completed');
  const { summary } = expectStatus(
    await call<{ summary: { version: number } }>(stack, 'GET', `/calls/${placed.id}/summary`, { token }),
    200,
  );
  const { data: log } = await tableOf(stack).entities.callLog.get({ call_log_id: placed.id }).go();
  const path = await createSummaryLink(
    { committer: new DynamoWriteCommitter(tableOf(stack)), clock: { now: () => new Date() } },
    placed.id,
    log?.provider_id ?? '',
    patientId,
    'route-matrix',
  );
  return { completed: placed.id, completedVersion: summary.version, link: path.split('/').pop() ?? '' };
}
const freshCompleted = async (world: World) => {
  const patient = await createCallablePatient(stack, world.own.org);
  return completedCall(patient.id);
};
const freshScheduled = async (world: World) => {
  const patient = await createCallablePatient(stack, world.own.org);
  return { call: (await scheduleCallFor(stack, patient.id)).id };
};
/** A web call created for a fresh patient, not joined: it stays queued until cancelled. */
const freshWebCall = async (world: World) => {
  const patient = await createCallablePatient(stack, world.own.org);
  const token = await sunriseToken(stack);
  const created = expectStatus(
    await call<{ callLogId: string }>(stack, 'POST', `/patients/${patient.id}/web-call`, { token }),
    201,
  );
  return { patient: patient.id, call: created.callLogId };
};
/** A callable patient who was texted and replied with a callback request. */
async function freshCallback(world: World): Promise<Partial<RecordIds>> {
  const patient = await createCallablePatient(stack, world.own.org);
  const token = await sunriseToken(stack);
  expectStatus(
    await call(stack, 'POST', `/patients/${patient.id}/texts`, { token, body: { body: 'Checking in' } }),
    201,
  );
  const reply = await postTwilioWebhook(stack, 'inbound', inboundText(patient.phone_number ?? '', 'Please call me'));
  expect(reply.status).toBe(200);
  const { messages } = expectStatus(
    await call<{ messages: { id: string; kind: string }[] }>(stack, 'GET', `/patients/${patient.id}/texts`, { token }),
    200,
  );
  return { patient: patient.id, text: messages.find((m) => m.kind === 'callback_request')?.id ?? '' };
}
/** A well-formed text id no patient has (the other organization's patient is refused before it is read). */
const NO_TEXT = '20260101T000000000Z-00000000';
const listOf = (body: Body, key: string) => body[key] as { id: string }[];
/** EMR notes are free text; a care plan is structured, its text the note (product-rules.md "Care management (CCM)"). */
const DOCUMENT_BODIES = {
  'emr-notes': {
    text: 'content',
    valid: () => ({ content: `  Goals: walk daily ${unique('v')}  ` }),
    malformed: { content: 42 },
    message: 'Content is required',
    missing: 'Content is required',
  },
  'care-plan': {
    text: 'note',
    valid: () => ({
      conditions: [
        { code: 'e11.9', description: 'Type 2 diabetes mellitus without complications' },
        { code: 'I10', description: 'Essential (primary) hypertension' },
      ],
      note: `  Goals: walk daily ${unique('v')}  `,
    }),
    malformed: { conditions: [{ code: 'E11..9', description: 'Diabetes' }] },
    message: CONDITION_MESSAGES.codeInvalid,
    missing: CCM_MESSAGES.conditionsRequired,
  },
} as const;
const documentFixtures = (segment: 'care-plan' | 'emr-notes', key: 'carePlan' | 'emrNotes') => {
  const path = (ids: RecordIds) => `/patients/${ids.patient}/${segment}`;
  const { text, ...body } = DOCUMENT_BODIES[segment];
  /** A patient whose document is at version 1, for the save at that version. */
  const freshDocument = async (world: World) => {
    const patient = await createPatient(stack, world.own.org);
    await createDocument(stack, patient.id, segment, 'First version');
    return { patient: patient.id };
  };
  return {
    [`GET /patients/{patientId}/${segment}`]: {
      as: 'sunrise',
      path,
      body: null,
      badQuery: null,
      otherOrganization: 'patient.not_found',
      success: { status: 200, check: (b, ids) => expect(b[key]).toMatchObject({ patient_id: ids.patient }) },
    },
    [`POST /patients/{patientId}/${segment}`]: {
      as: 'sunrise',
      path,
      fresh: freshPatient,
      body,
      badQuery: null,
      otherOrganization: 'patient.not_found',
      success: {
        status: 201,
        check: (b) =>
          expect(b[key]).toMatchObject({ [text]: expect.stringMatching(/^Goals: walk daily v-\w+$/), version: 1 }),
      },
    },
    [`PUT /patients/{patientId}/${segment}`]: {
      as: 'sunrise',
      path,
      fresh: freshDocument,
      body: { ...body, valid: () => ({ ...body.valid(), version: 1 }) },
      badQuery: null,
      otherOrganization: 'patient.not_found',
      success: {
        status: 200,
        check: (b) =>
          expect(b[key]).toMatchObject({ updated_by: { user_id: expect.any(String), name: 'Nora Ellis' }, version: 2 }),
      },
    },
    [`GET /patients/{patientId}/${segment}/revisions`]: {
      as: 'sunrise',
      path: (ids) => `${path(ids)}/revisions`,
      body: null,
      badQuery: { query: '?cursor=not-a-cursor', message: 'Invalid cursor' },
      otherOrganization: 'patient.not_found',
      success: {
        status: 200,
        check: (b) =>
          expect(b).toMatchObject({
            items: expect.arrayContaining([expect.objectContaining({ version: 1, content: expect.any(String) })]),
            next_cursor: null,
          }),
      },
    },
  } satisfies Record<string, Fixture>;
};

/** A panel import of the organization, made as its provider user (Sunrise's nurse, or Lakeside's). */
async function newImport(
  org: string,
  token: string,
  body = PANEL_CSV,
): Promise<{ id: string; url: string; type: string }> {
  const created = expectStatus(
    await call<{ import: { id: string }; upload: { url: string; content_type: string } }>(stack, 'POST', '/imports', {
      token,
      body: { provider_id: org, file_name: 'matrix.csv', size: Buffer.byteLength(body), type: 'csv' },
    }),
    201,
  );
  return { id: created.import.id, url: created.upload.url, type: created.upload.content_type };
}
/** One good row: an import's file for the routes that need one uploaded. */
const PANEL_CSV = `${PANEL_HEADER}\n${unique('M')},Matrix,Import,1950-01-01,(813) 555-0188,,en,E11.9\n`;
/** A Sunrise import whose file is uploaded (and, as asked, previewed, then imported to its end). */
async function freshImport(world: World, until: 'uploaded' | 'previewed' | 'done') {
  const token = await sunriseToken(stack);
  const body = `${PANEL_HEADER}\n${unique('M')},Matrix,Import,1950-01-01,(813) 555-0188,,en,E11.9\n`;
  const made = await newImport(world.own.org, token, body);
  const put = await fetch(made.url, { method: 'PUT', headers: { 'Content-Type': made.type }, body });
  expect(put.status).toBe(200);
  if (until !== 'uploaded') expectStatus(await call(stack, 'POST', `/imports/${made.id}/preview`, { token }), 200);
  if (until === 'done') {
    expectStatus(await call(stack, 'POST', `/imports/${made.id}/start`, { token }), 200);
    await eventually(
      async () => (await call<{ import: { status: string } }>(stack, 'GET', `/imports/${made.id}`, { token })).body,
      (b) => b.import.status === 'done',
    );
  }
  return { panelImport: made.id };
}

const FIXTURES: Record<RouteKey, Fixture> = {
  'GET /me': {
    as: 'sunrise',
    path: () => '/me',
    body: null,
    badQuery: null,
    otherOrganization: null,
    success: { status: 200, check: (b, ids) => expect(b).toMatchObject({ role: 'provider', provider_id: ids.org }) },
  },
  'GET /dashboard-stats': {
    as: 'sunrise',
    path: () => '/dashboard-stats',
    body: null,
    badQuery: null,
    otherOrganization: null,
    success: { status: 200, check: (b) => expect(b.totalPatients).toBeGreaterThan(0) },
  },
  'GET /dashboard-charts': {
    as: 'sunrise',
    path: () => '/dashboard-charts?months=3',
    body: null,
    badQuery: { query: '?months=13', message: DASHBOARD_MESSAGES.monthsInvalid },
    otherOrganization: null,
    success: {
      status: 200,
      check: (b) =>
        expect(b).toMatchObject({
          scope: 'organization',
          months: [
            expect.objectContaining({ enrolled_patients: expect.any(Number) }),
            expect.any(Object),
            expect.any(Object),
          ],
        }),
    },
  },
  'GET /call-lines/forecast': {
    as: 'operator',
    path: () => '/call-lines/forecast',
    body: null,
    badQuery: null,
    otherOrganization: null,
    success: { status: 200, check: (b) => expect(b).toHaveProperty('forecast') },
  },
  'GET /worklist': {
    as: 'sunrise',
    path: () => '/worklist',
    body: null,
    badQuery: null,
    otherOrganization: null,
    success: {
      status: 200,
      check: (b) =>
        expect(b).toMatchObject({
          month: expect.stringMatching(/^\d{4}-\d{2}$/),
          awaiting_consent: { items: expect.any(Array), hidden: expect.any(Number) },
        }),
    },
  },

  'GET /providers': {
    as: 'operator',
    path: () => '/providers?search=SUNRISE',
    body: null,
    badQuery: { query: `?search=${'x'.repeat(201)}`, message: 'Search text is too long' },
    otherOrganization: null,
    success: { status: 200, check: (b, ids) => expect(listOf(b, 'items').map((p) => p.id)).toEqual([ids.org]) },
  },
  'POST /providers': {
    as: 'operator',
    path: () => '/providers',
    body: {
      valid: () => ({ name: unique('  Matrix Clinic'), address: '  ', office_email: 'front@matrix.example' }),
      malformed: { name: 'Matrix', office_email: 'not-an-email' },
      message: VALIDATION.invalidOfficeEmail,
      missing: VALIDATION.organizationNameRequired,
    },
    badQuery: null,
    otherOrganization: null,
    success: {
      status: 201,
      check: (b) =>
        expect(b.provider).toMatchObject({
          name: expect.stringMatching(/^Matrix Clinic-/),
          address: null,
          patient_count: 0,
        }),
    },
  },
  'GET /providers/{providerId}': {
    as: 'sunrise',
    path: (ids) => `/providers/${ids.org}`,
    body: null,
    badQuery: null,
    otherOrganization: 'provider.not_found',
    success: {
      status: 200,
      check: (b, ids) => {
        expect(b.provider).toMatchObject({ id: ids.org, name: own.organizationName });
        expect(Object.keys(b)).toEqual(['provider']);
      },
    },
  },
  'GET /providers/{providerId}/users': {
    as: 'sunrise',
    path: (ids) => `/providers/${ids.org}/users`,
    body: null,
    badQuery: { query: '?cursor=not-a-cursor', message: 'Invalid cursor' },
    otherOrganization: 'provider.not_found',
    success: {
      status: 200,
      check: (b, ids) => {
        const users = b.items as UserLike[];
        expect(users.map((u) => u.email)).toContain(own.nurseEmail);
        expect(users.every((u) => u.role === 'provider' && u.provider?.id === ids.org)).toBe(true);
      },
    },
  },
  'PUT /providers/{providerId}': {
    as: 'operator',
    path: (ids) => `/providers/${ids.org}`,
    fresh: async () => ({ org: (await createOrganization(stack)).id }),
    body: {
      valid: () => ({ name: 'Renamed Clinic', telephone: '', timezone: 'America/Denver' }),
      malformed: { name: '   ' },
      message: VALIDATION.organizationNameRequired,
      missing: VALIDATION.organizationNameRequired,
    },
    badQuery: null,
    otherOrganization: null,
    success: {
      status: 200,
      check: (b) => expect(b.provider).toMatchObject({ name: 'Renamed Clinic', telephone: null, version: 2 }),
    },
  },
  'PUT /providers/{providerId}/on-call': {
    as: 'sunrise',
    path: (ids) => `/providers/${ids.org}/on-call`,
    // Removing it: the demo practice keeps calling without a transfer for every other test.
    body: {
      valid: () => ({ on_call_number: null }),
      malformed: { on_call_number: '12' },
      message: VALIDATION.invalidPhone,
      missing: ON_CALL_MESSAGES.required,
    },
    badQuery: null,
    otherOrganization: 'provider.not_found',
    success: {
      status: 200,
      check: (b, ids) => expect(b.provider).toMatchObject({ id: ids.org, on_call_number: null }),
    },
  },
  'DELETE /providers/{providerId}': {
    as: 'operator',
    path: (ids) => `/providers/${ids.org}`,
    fresh: async () => ({ org: (await createOrganization(stack)).id }),
    body: null,
    badQuery: null,
    otherOrganization: null,
    success: { status: 200, check: (b) => expect(b).toEqual({ archived: true }) },
  },

  'GET /users': {
    as: 'operator',
    path: () => '/users?role=provider&search=NURSE@SUNRISE',
    body: null,
    badQuery: { query: '?role=superuser', message: 'Please choose a role' },
    otherOrganization: null,
    success: {
      status: 200,
      check: (b) => {
        const users = b.items as UserLike[];
        expect(users.map((u) => u.email)).toContain(own.nurseEmail);
        expect(users.every((u) => u.role === 'provider' && u.provider?.name === own.organizationName)).toBe(true);
      },
    },
  },
  'POST /users': {
    as: 'operator',
    path: () => '/users',
    body: {
      valid: (_ids, world) => ({
        email: uniqueEmail('matrix'),
        first_name: 'Mia',
        last_name: 'Trix',
        role: 'patient',
        provider_id: world.userOrg,
      }),
      // Cognito's invitation gives the temporary password: a create that still sends one is refused.
      malformed: {
        email: 'm@x.org',
        password: 'Secret-pass-2026',
        first_name: 'M',
        last_name: 'T',
        role: 'careloop_employee',
      },
      message: VALIDATION.passwordSetByInvitation,
      missing: VALIDATION.emailRequired,
    },
    badQuery: null,
    otherOrganization: null,
    success: {
      status: 201,
      check: (b, _ids, world) =>
        expect(b.user).toMatchObject({ role: 'patient', full_name: 'Mia Trix', provider: { id: world.userOrg } }),
    },
  },
  'PUT /users/{userId}': {
    as: 'operator',
    path: (ids) => `/users/${ids.user}`,
    fresh: freshUser,
    body: {
      valid: (_ids, world) => ({
        email: uniqueEmail('edited'),
        first_name: 'Edited',
        last_name: 'User',
        phone_number: '+18135550100',
        role: 'provider',
        provider_id: world.userOrg,
        notification_preferences: { new_summaries: ['sms'], escalations: ['call'] },
      }),
      malformed: {
        email: 'e@x.org',
        first_name: 'E',
        last_name: 'U',
        role: 'provider',
        provider_id: 'o',
        phone_number: '+11234567890',
      },
      message: VALIDATION.invalidUsPhone,
      missing: VALIDATION.emailRequired,
    },
    badQuery: null,
    otherOrganization: null,
    success: {
      status: 200,
      check: (b) =>
        expect(b.user).toMatchObject({
          first_name: 'Edited',
          notification_preferences: { new_summaries: ['sms'], escalations: ['call'] },
        }),
    },
  },
  'DELETE /users/{userId}': {
    as: 'operator',
    path: (ids) => `/users/${ids.user}`,
    fresh: freshUser,
    body: null,
    badQuery: null,
    otherOrganization: null,
    success: { status: 200, check: (b) => expect(b).toEqual({ deleted: true }) },
  },

  'POST /users/{userId}/suspension': {
    as: 'operator',
    path: (ids) => `/users/${ids.user}/suspension`,
    fresh: freshUser,
    body: null,
    noBody: true,
    badQuery: null,
    otherOrganization: null,
    success: {
      status: 200,
      check: (b, ids) => expect(b).toMatchObject({ user: { id: ids.user, suspended_at: expect.any(String) } }),
    },
  },

  'DELETE /users/{userId}/suspension': {
    as: 'operator',
    path: (ids) => `/users/${ids.user}/suspension`,
    fresh: freshSuspendedUser,
    body: null,
    badQuery: null,
    otherOrganization: null,
    success: {
      status: 200,
      check: (b, ids) => {
        expect(b).toMatchObject({ user: { id: ids.user } });
        expect((b as { user: Record<string, unknown> }).user).not.toHaveProperty('suspended_at');
      },
    },
  },

  'PUT /users/{userId}/settings-admin': {
    as: 'operator',
    path: (ids) => `/users/${ids.user}/settings-admin`,
    fresh: freshOperator,
    body: null,
    noBody: true,
    badQuery: null,
    otherOrganization: null,
    success: {
      status: 200,
      check: (b, ids) => expect(b).toMatchObject({ user: { id: ids.user, can_manage_settings: true } }),
    },
  },

  'DELETE /users/{userId}/settings-admin': {
    as: 'operator',
    path: (ids) => `/users/${ids.user}/settings-admin`,
    fresh: freshSettingsAdmin,
    body: null,
    badQuery: null,
    otherOrganization: null,
    success: {
      status: 200,
      check: (b, ids) => {
        expect(b).toMatchObject({ user: { id: ids.user } });
        expect((b as { user: Record<string, unknown> }).user).not.toHaveProperty('can_manage_settings');
      },
    },
  },

  'GET /providers/{providerId}/patients': {
    as: 'sunrise',
    path: (ids) => `/providers/${ids.org}/patients`,
    body: null,
    badQuery: { query: `?search=${'x'.repeat(201)}`, message: 'Search text is too long' },
    otherOrganization: 'provider.not_found',
    success: { status: 200, check: (b, ids) => expect(listOf(b, 'items').map((p) => p.id)).toContain(ids.patient) },
  },
  'POST /patients': {
    as: 'sunrise',
    path: () => '/patients',
    body: {
      valid: (ids) => patientBody(ids.org),
      malformed: { ...patientBody('x'), phone_number: '012345' },
      message: VALIDATION.invalidPhone,
      missing: VALIDATION.emailRequired,
    },
    badQuery: null,
    otherOrganization: 'provider.not_found',
    success: {
      status: 201,
      check: (b, ids) =>
        expect(b).toMatchObject({ patient: { provider_id: ids.org, phone_number: '+18135550199' }, outreach: null }),
    },
  },
  'GET /patients/{patientId}': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}`,
    body: null,
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 200,
      check: (b, ids) =>
        expect(b).toMatchObject({
          patient: { id: ids.patient },
          provider: { id: ids.org, name: own.organizationName },
        }),
    },
  },
  'PUT /patients/{patientId}': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}`,
    body: {
      valid: () => ({ email: uniqueEmail('edited'), first_name: ' Edited ', last_name: 'Patient', phone_number: '' }),
      malformed: { email: 'p@x.org', first_name: 'P', last_name: '' },
      message: VALIDATION.lastNameRequired,
      missing: VALIDATION.emailRequired,
    },
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 200,
      check: (b) => expect(b.patient).toMatchObject({ first_name: 'Edited', phone_number: null }),
    },
  },
  'DELETE /patients/{patientId}': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}`,
    fresh: freshPatient,
    body: null,
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: { status: 200, check: (b) => expect(b).toEqual({ archived: true }) },
  },

  'GET /patients/{patientId}/access-history': {
    as: 'operator',
    path: (ids) => `/patients/${ids.patient}/access-history`,
    body: null,
    badQuery: { query: '?action=Patient%20Read', message: 'Unknown action' },
    otherOrganization: null,
    success: {
      status: 200,
      check: (b) => {
        const items = b.items as { at: string; actor: { user_id: string } }[];
        expect(items.length).toBeGreaterThan(0);
        expect(items.every((e) => e.actor.user_id.length > 0)).toBe(true);
        const times = items.map((e) => e.at);
        expect(times).toEqual([...times].sort().reverse());
      },
    },
  },

  'GET /patients/{patientId}/consent': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/consent`,
    body: null,
    badQuery: { query: '?cursor=not-a-cursor', message: 'Invalid cursor' },
    otherOrganization: 'patient.not_found',
    success: {
      status: 200,
      check: (b) =>
        expect(b).toMatchObject({ consent: { status: expect.any(String) }, history: { items: expect.any(Array) } }),
    },
  },
  'POST /patients/{patientId}/consent': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/consent`,
    fresh: freshPatient,
    body: {
      valid: () => ({
        status: 'accepted',
        date: '2026-01-05',
        method: 'verbal',
        disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
      }),
      malformed: { status: 'accepted', date: '2026-01-05', method: 'verbal', disclosures: ['service'] },
      message: CCM_MESSAGES.consentDisclosuresRequired,
      missing: CCM_MESSAGES.consentStatusRequired,
    },
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 201,
      check: (b) =>
        expect(b).toMatchObject({
          consent: { status: 'accepted', date: '2026-01-05' },
          entry: { status: 'accepted', method: 'verbal', recorded_by: { name: 'Nora Ellis' } },
        }),
    },
  },

  'POST /imports': {
    as: 'sunrise',
    path: () => '/imports',
    body: {
      valid: (ids) => ({ provider_id: ids.org, file_name: 'matrix.csv', size: 120, type: 'csv' }),
      malformed: { file_name: 'matrix.xlsx', size: 120, type: 'xlsx' },
      message: IMPORT_MESSAGES.notCsvOrFhir,
      missing: PANEL_IMPORT_MESSAGES.fileNameRequired,
    },
    badQuery: null,
    otherOrganization: 'provider.not_found',
    success: {
      status: 201,
      check: (b) =>
        expect(b).toMatchObject({ import: { status: 'awaiting_upload' }, upload: { content_type: 'text/csv' } }),
    },
  },
  'GET /imports/{importId}': {
    as: 'sunrise',
    path: (ids) => `/imports/${ids.panelImport}`,
    body: null,
    badQuery: null,
    otherOrganization: 'import.not_found',
    success: { status: 200, check: (b, ids) => expect(b.import).toMatchObject({ id: ids.panelImport }) },
  },
  'POST /imports/{importId}/preview': {
    as: 'sunrise',
    path: (ids) => `/imports/${ids.panelImport}/preview`,
    fresh: (world) => freshImport(world, 'uploaded'),
    body: null,
    noBody: true,
    badQuery: null,
    otherOrganization: 'import.not_found',
    success: {
      status: 200,
      check: (b) => expect(b.import).toMatchObject({ status: 'previewed', tally: { rows: 1, ready: 1 } }),
    },
  },
  'POST /imports/{importId}/start': {
    as: 'sunrise',
    path: (ids) => `/imports/${ids.panelImport}/start`,
    fresh: (world) => freshImport(world, 'previewed'),
    body: null,
    noBody: true,
    badQuery: null,
    otherOrganization: 'import.not_found',
    success: {
      status: 200,
      check: (b) => expect(['importing', 'done']).toContain((b.import as { status: string }).status),
    },
  },
  'GET /imports/{importId}/report': {
    as: 'sunrise',
    path: (ids) => `/imports/${ids.panelImport}/report`,
    fresh: (world) => freshImport(world, 'done'),
    body: null,
    badQuery: null,
    otherOrganization: 'import.not_found',
    success: { status: 200, check: (b) => expect(b.url).toMatch(/^http/) },
  },
  ...documentFixtures('care-plan', 'carePlan'),
  ...documentFixtures('emr-notes', 'emrNotes'),

  'GET /compliance-settings': {
    as: 'operator',
    path: () => '/compliance-settings',
    body: null,
    badQuery: null,
    otherOrganization: null,
    success: {
      status: 200,
      check: (b) =>
        expect(b).toMatchObject({
          settings: { voiceId: expect.any(String), version: expect.any(Number) },
          defaultPrompt: expect.stringContaining('{{patientName}}'),
        }),
    },
  },
  'PATCH /compliance-settings': {
    as: 'operator',
    path: () => '/compliance-settings',
    body: {
      // No version: the matrix's own write must not race the settings tests' versions.
      valid: () => ({ voiceId: 'sarah' }),
      malformed: { voiceId: 'nobody' },
      message: 'Please choose a voice',
      missing: 'There are no changes to save',
    },
    badQuery: null,
    otherOrganization: null,
    success: { status: 200, check: (b) => expect(b.settings).toMatchObject({ voiceId: 'sarah' }) },
  },
  'GET /patients/{patientId}/calls': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/calls`,
    body: null,
    badQuery: { query: '?limit=0', message: PAGE_LIMIT_MESSAGE },
    otherOrganization: 'patient.not_found',
    success: {
      status: 200,
      check: (b, ids) => expect((b.scheduled as { id: string }[]).map((c) => c.id)).toContain(ids.call),
    },
  },
  'GET /patients/{patientId}/observations': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/observations`,
    body: null,
    badQuery: { query: '?code=1234-5', message: OBSERVATION_CODE_MESSAGE },
    otherOrganization: 'patient.not_found',
    success: {
      status: 200,
      check: (b) => expect(b).toMatchObject({ items: expect.any(Array), next_cursor: null }),
    },
  },
  'GET /calls': {
    as: 'operator',
    path: () => '/calls',
    body: null,
    badQuery: { query: '?limit=0', message: PAGE_LIMIT_MESSAGE },
    otherOrganization: null,
    success: { status: 200, check: (b) => expect((b.items as unknown[]).length).toBeLessThanOrEqual(50) },
  },
  'GET /calls/scheduled': {
    as: 'operator',
    path: () => '/calls/scheduled',
    body: null,
    badQuery: { query: '?limit=0', message: PAGE_LIMIT_MESSAGE },
    otherOrganization: null,
    success: {
      status: 200,
      check: (b) => expect((b.items as { status: string }[]).every((c) => c.status === 'scheduled')).toBe(true),
    },
  },
  'GET /call-lines': {
    as: 'operator',
    path: () => '/call-lines',
    body: null,
    badQuery: null,
    otherOrganization: null,
    success: {
      status: 200,
      check: (b) => {
        // The test stack's budget (test/support/spawn-stack.ts: 100 lines), a tenth held back for people.
        expect(b).toMatchObject({ budget: 100, reserved_for_people: 10 });
        expect(Object.keys(b).sort()).toEqual([
          'budget',
          'held_by_alerts',
          'in_use',
          'oldest_waiting_since',
          'reserved_for_people',
          'waiting',
        ]);
        expect(b.in_use).toEqual(expect.any(Number));
      },
    },
  },
  'GET /calls/{callId}': {
    as: 'sunrise',
    path: (ids) => `/calls/${ids.call}`,
    body: null,
    badQuery: null,
    otherOrganization: 'call.not_found',
    success: {
      status: 200,
      check: (b, ids) => expect(b.call).toMatchObject({ id: ids.call, status: 'scheduled', transcript: [] }),
    },
  },
  'POST /patients/{patientId}/calls': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/calls`,
    fresh: freshCallable,
    body: null,
    noBody: true,
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 201,
      check: (b, ids) => expect(b.call).toMatchObject({ patient_id: ids.patient, status: 'queued', kind: 'instant' }),
    },
  },
  'POST /patients/{patientId}/scheduled-calls': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/scheduled-calls`,
    fresh: freshCallable,
    body: {
      valid: () => ({ when: '1_month' }),
      malformed: { when: 'tomorrow' },
      message: 'Please choose when to call',
      missing: 'Please choose when to call',
    },
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 201,
      check: (b, ids) => expect(b.call).toMatchObject({ patient_id: ids.patient, status: 'scheduled' }),
    },
  },
  'DELETE /scheduled-calls/{callId}': {
    as: 'sunrise',
    path: (ids) => `/scheduled-calls/${ids.call}`,
    fresh: freshScheduled,
    body: null,
    badQuery: null,
    otherOrganization: 'call.not_found',
    success: { status: 200, check: (b) => expect(b).toEqual({ cancelled: true }) },
  },
  'POST /patients/{patientId}/web-call': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/web-call`,
    fresh: freshCallable,
    body: null,
    noBody: true,
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 201,
      check: (b) =>
        expect(b).toEqual({
          callLogId: expect.any(String),
          vendorCallId: expect.any(String),
          webCallUrl: expect.any(String),
          assistantName: 'Care',
        }),
    },
  },
  'POST /patients/{patientId}/web-call/{callId}/cancel': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/web-call/${ids.call}/cancel`,
    fresh: freshWebCall,
    body: null,
    noBody: true,
    badQuery: null,
    otherOrganization: 'call.not_found',
    success: { status: 200, check: (b) => expect(b).toEqual({ cancelled: true }) },
  },

  'GET /summaries': {
    as: 'sunrise',
    path: () => '/summaries?month=all&tab=successful',
    body: null,
    badQuery: { query: '?month=2026-13', message: 'Please choose a month' },
    otherOrganization: null,
    success: {
      status: 200,
      check: (b, ids) => {
        expect(b).toMatchObject({ month: 'all', tab: 'successful' });
        const items = b.summaries as { id: string; provider_id: string }[];
        expect(items.map((i) => i.id)).toContain(ids.completed);
        expect(items.every((i) => i.provider_id === ids.org)).toBe(true);
        expect((b.counts as Record<string, number>).successful).toBeGreaterThanOrEqual(1);
      },
    },
  },
  'GET /calls/{callId}/summary': {
    as: 'sunrise',
    path: (ids) => `/calls/${ids.completed}/summary`,
    body: null,
    badQuery: null,
    otherOrganization: 'summary.not_found',
    success: {
      status: 200,
      check: (b, ids) =>
        expect(b.summary).toMatchObject({
          id: ids.completed,
          status: 'successful',
          transcript: expect.arrayContaining([expect.objectContaining({ speaker: 'assistant' })]),
        }),
    },
  },
  'GET /summary-links/{token}': {
    as: 'sunrise',
    path: (ids) => `/summary-links/${ids.link}`,
    body: null,
    badQuery: null,
    otherOrganization: 'summary.other_organization',
    success: {
      status: 200,
      check: (b, ids) =>
        expect(b).toMatchObject({
          accessedAt: expect.any(String),
          callLog: { id: ids.completed, summary: expect.any(String) },
          provider: { name: own.organizationName },
        }),
    },
  },
  'GET /patients/{patientId}/texts': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/texts`,
    body: null,
    badQuery: { query: '?limit=0', message: PAGE_LIMIT_MESSAGE },
    otherOrganization: 'patient.not_found',
    success: {
      status: 200,
      check: (b) => expect(b).toMatchObject({ messages: expect.any(Array), opted_out: false, monthly_limit: 5 }),
    },
  },
  'POST /patients/{patientId}/texts': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/texts`,
    fresh: freshCallable,
    body: {
      valid: () => ({ body: '  Checking in on you this month.  ', includeMagicLink: true }),
      malformed: { body: '   ' },
      message: 'Please enter a message',
      missing: 'Please enter a message',
    },
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 201,
      check: (b) => {
        expect(b).toMatchObject({
          message: { direction: 'outbound', status: 'queued', body: 'Checking in on you this month.' },
          includedMagicLink: true,
        });
        expect(b.magicLink).toMatch(/\/call\/[A-Za-z0-9_-]{43}$/);
      },
    },
  },
  'PATCH /patients/{patientId}/texts/{messageId}': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/texts/${ids.text}`,
    fresh: freshCallback,
    body: {
      valid: () => ({ callback_status: 'resolved' }),
      malformed: { callback_status: 'open' },
      message: 'A callback request can only be marked as handled',
      missing: 'A callback request can only be marked as handled',
    },
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 200,
      check: (b, ids) =>
        expect(b.message).toMatchObject({
          id: ids.text,
          kind: 'callback_request',
          callback: { status: 'resolved', resolved_by_name: expect.any(String) },
        }),
    },
  },
  'POST /patients/{patientId}/call-links': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/call-links`,
    fresh: freshCallable,
    body: null,
    noBody: true,
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 201,
      check: (b) => {
        expect(b.link).toMatch(/\/call\/[A-Za-z0-9_-]{43}$/);
        const days = (Date.parse(b.expires as string) - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(6.9);
        expect(days).toBeLessThanOrEqual(7);
      },
    },
  },
  'POST /patients/{patientId}/care-plan-links': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/care-plan-links`,
    // A patient the link can be sent for: a phone, a date of birth, accepted consent and a care plan.
    fresh: async (world) => ({ patient: (await createCarePlanPatient(stack, world.own.org)).id }),
    body: null,
    noBody: true,
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 201,
      check: (b) => {
        expect(b.message_id).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{8}$/);
        const days = (Date.parse(b.expires as string) - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(29.9);
        expect(days).toBeLessThanOrEqual(30);
      },
    },
  },
  'DELETE /patients/{patientId}/call-links': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/call-links`,
    fresh: freshCallable,
    body: null,
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 200,
      check: (b) => {
        expect(b.revoked).toBe(true);
        expect(Date.now() - Date.parse(b.revoked_at as string)).toBeLessThan(60_000);
      },
    },
  },
  'PATCH /calls/{callId}/summary-status': {
    as: 'sunrise',
    path: (ids) => `/calls/${ids.completed}/summary-status`,
    fresh: freshCompleted,
    body: {
      valid: (ids) => ({ status: 'requires_followup', version: ids.completedVersion }),
      malformed: { status: 'archived', version: 1 },
      message: 'Please choose a status',
      missing: 'Please choose a status',
    },
    badQuery: null,
    otherOrganization: 'summary.not_found',
    success: {
      status: 200,
      check: (b, ids) =>
        expect(b.summary).toMatchObject({
          id: ids.completed,
          status: 'requires_followup',
          version: ids.completedVersion + 1,
        }),
    },
  },

  // CCM time log and billing report (issue 12): only provider staff write; operators read.
  'GET /patients/{patientId}/time-entries': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/time-entries`,
    body: null,
    badQuery: { query: '?month=2026-13', message: CARE_TIME_MESSAGES.monthInvalid },
    otherOrganization: 'patient.not_found',
    success: {
      status: 200,
      check: (b) =>
        expect(b).toMatchObject({ month: expect.stringMatching(/^\d{4}-\d{2}$/), items: expect.any(Array) }),
    },
  },
  'GET /patients/{patientId}/audit-packet': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/audit-packet`,
    body: null,
    badQuery: { query: '?month=2026-13', message: BILLING_MESSAGES.monthInvalid },
    otherOrganization: 'patient.not_found',
    success: {
      status: 200,
      check: (b) =>
        expect(b).toMatchObject({
          month: expect.stringMatching(/^\d{4}-\d{2}$/),
          time_entries: expect.any(Array),
          codes: expect.any(Array),
          reason: expect.any(String),
        }),
    },
  },
  'POST /patients/{patientId}/time-entries': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/time-entries`,
    body: {
      valid: () => ({ minutes: 3, activity: '  Care coordination  ' }),
      malformed: { minutes: 1.5, activity: 'Care coordination' },
      message: CARE_TIME_MESSAGES.minutesInvalid,
      missing: CARE_TIME_MESSAGES.minutesInvalid,
    },
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 201,
      check: (b, ids) =>
        expect(b.entry).toMatchObject({
          patient_id: ids.patient,
          minutes: 3,
          activity: 'Care coordination',
          source: 'manual',
          counts_as: 'staff',
          user_name: 'Nora Ellis',
        }),
    },
  },
  'GET /providers/{providerId}/enrollment': {
    as: 'sunrise',
    path: (ids) => `/providers/${ids.org}/enrollment`,
    body: null,
    badQuery: null,
    otherOrganization: 'provider.not_found',
    success: {
      status: 200,
      check: (b) =>
        expect([...Object.keys(b.counts as object), typeof b.pcm_candidates]).toEqual([
          'eligible',
          'invited',
          'interested',
          'enrolled',
          'declined',
          'unreachable',
          'number',
        ]),
    },
  },
  'GET /providers/{providerId}/enrollment/patients': {
    as: 'sunrise',
    path: (ids) => `/providers/${ids.org}/enrollment/patients?stage=enrolled`,
    body: null,
    badQuery: { query: '?stage=maybe', message: ENROLLMENT_MESSAGES.stageInvalid },
    otherOrganization: 'provider.not_found',
    success: {
      status: 200,
      check: (b) => expect(b).toMatchObject({ stage: 'enrolled', items: expect.any(Array) }),
    },
  },
  'GET /providers/{providerId}/enrollment/pcm-candidates': {
    as: 'sunrise',
    path: (ids) => `/providers/${ids.org}/enrollment/pcm-candidates`,
    body: null,
    badQuery: { query: '?limit=0', message: PAGE_LIMIT_MESSAGE },
    otherOrganization: 'provider.not_found',
    success: {
      status: 200,
      check: (b) => expect(Object.keys(b)).toEqual(['items', 'next_cursor']),
    },
  },
  'POST /patients/{patientId}/invitation': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/invitation`,
    fresh: freshEligible,
    body: {
      valid: () => ({ channel: 'sms' }),
      malformed: { channel: 'fax' },
      message: ENROLLMENT_MESSAGES.channelInvalid,
      missing: ENROLLMENT_MESSAGES.channelInvalid,
    },
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 201,
      check: (b, ids) =>
        expect(b).toEqual({ patient_id: ids.patient, stage: 'invited', channel: 'sms', call_at: null }),
    },
  },
  'POST /providers/{providerId}/invitations': {
    as: 'sunrise',
    path: (ids) => `/providers/${ids.org}/invitations`,
    fresh: freshEligible,
    body: {
      valid: (ids) => ({ channel: 'sms', patient_ids: [ids.patient] }),
      malformed: { channel: 'sms', patient_ids: [] },
      message: ENROLLMENT_MESSAGES.patientsRequired,
      missing: ENROLLMENT_MESSAGES.channelInvalid,
    },
    badQuery: null,
    otherOrganization: 'provider.not_found',
    success: {
      status: 200,
      check: (b, ids) =>
        expect(b).toEqual({
          invited: 1,
          results: [{ patient_id: ids.patient, outcome: 'invited', code: null, error: null }],
        }),
    },
  },
  'GET /providers/{providerId}/billing-report': {
    as: 'sunrise',
    path: (ids) => `/providers/${ids.org}/billing-report`,
    body: null,
    badQuery: { query: '?month=last', message: BILLING_MESSAGES.monthInvalid },
    otherOrganization: 'provider.not_found',
    success: {
      status: 200,
      check: (b) => {
        const rows = b.items as { patient_name: string; codes: unknown[] }[];
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((r) => r.patient_name.length > 0 && Array.isArray(r.codes))).toBe(true);
      },
    },
  },
  'GET /providers/{providerId}/billing-report.csv': {
    as: 'sunrise',
    path: (ids) => `/providers/${ids.org}/billing-report.csv`,
    body: null,
    badQuery: { query: '?month=2026-1', message: BILLING_MESSAGES.monthInvalid },
    otherOrganization: 'provider.not_found',
    success: {
      status: 200,
      check: (b) => expect(b as unknown as string).toMatch(/^Patient,Patient ID,Month,Consent,/),
    },
  },
  'GET /providers/{providerId}/billing-claims.csv': {
    as: 'sunrise',
    path: (ids) => `/providers/${ids.org}/billing-claims.csv`,
    body: null,
    badQuery: { query: '?month=2026-13', message: BILLING_MESSAGES.monthInvalid },
    otherOrganization: 'provider.not_found',
    success: {
      status: 200,
      check: (b) => expect(b as unknown as string).toMatch(/^Patient last name,Patient first name,Date of birth,MBI,/),
    },
  },
  'PUT /providers/{providerId}/billing-report/{month}/patients/{patientId}': {
    as: 'sunrise',
    path: (ids) =>
      `/providers/${ids.org}/billing-report/${new Date().toISOString().slice(0, 7)}/patients/${ids.patient}`,
    body: {
      valid: () => ({ complex: true }),
      malformed: { complex: 'yes' },
      message: BILLING_MESSAGES.complexInvalid,
      missing: BILLING_MESSAGES.changeRequired,
    },
    badQuery: null,
    otherOrganization: 'provider.not_found',
    success: {
      status: 200,
      check: (b, ids) => expect(b.row).toMatchObject({ patient_id: ids.patient, complex: true, billed: null }),
    },
  },

  // Care programs (issue 26 items 2 and 3).
  'GET /patients/{patientId}/care-program': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/care-program`,
    body: null,
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 200,
      check: (b) => expect(b.care_program).toMatchObject({ program: expect.any(String), history: expect.any(Array) }),
    },
  },
  'PUT /patients/{patientId}/care-program': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/care-program`,
    fresh: freshPatient,
    body: {
      valid: () => ({ program: 'apcm', qmb: { status: true, checked_on: '2026-01-05' } }),
      malformed: { program: 'tcm' },
      message: CARE_PROGRAM_MESSAGES.programInvalid,
      missing: CARE_PROGRAM_MESSAGES.changeRequired,
    },
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 200,
      check: (b) =>
        expect(b.care_program).toMatchObject({
          program: 'ccm',
          next: { program: 'apcm', set_by_name: 'Nora Ellis' },
          qmb: { status: true, checked_on: '2026-01-05' },
        }),
    },
  },
  // The APCM monthly log (issue 26 item 2).
  'GET /patients/{patientId}/apcm-log': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/apcm-log`,
    body: null,
    badQuery: { query: '?month=2026-13', message: APCM_LOG_MESSAGES.monthInvalid },
    otherOrganization: 'patient.not_found',
    success: {
      status: 200,
      check: (b) =>
        expect(b.apcm_log).toMatchObject({
          month: expect.stringMatching(/^\d{4}-\d{2}$/),
          version: expect.any(Number),
          elements: expect.arrayContaining([expect.objectContaining({ element: 'care_management' })]),
        }),
    },
  },
  'PUT /patients/{patientId}/apcm-log/{month}': {
    as: 'sunrise',
    // A month long past: never refused as a future one, whatever the time of the run.
    path: (ids) => `/patients/${ids.patient}/apcm-log/2026-01`,
    fresh: freshApcmPatient,
    body: {
      valid: () => ({ version: 0, elements: [{ element: 'community_coordination', note: 'Meals on wheels' }] }),
      malformed: { version: 0, elements: [{ element: 'house_calls' }] },
      message: APCM_LOG_MESSAGES.elementInvalid,
      missing: APCM_LOG_MESSAGES.versionRequired,
    },
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 200,
      check: (b) =>
        expect(b.apcm_log).toMatchObject({
          month: '2026-01',
          version: 1,
          elements: expect.arrayContaining([
            expect.objectContaining({
              element: 'community_coordination',
              delivered: true,
              marks: [expect.objectContaining({ by_name: 'Nora Ellis', note: 'Meals on wheels' })],
            }),
          ]),
        }),
    },
  },
  // Care transitions (issue 26, the APCM element "care transitions").
  'GET /patients/{patientId}/transitions': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/transitions`,
    body: null,
    badQuery: { query: '?limit=0', message: PAGE_LIMIT_MESSAGE },
    otherOrganization: 'patient.not_found',
    success: {
      status: 200,
      check: (b) => expect(b).toMatchObject({ items: expect.any(Array), next_cursor: null }),
    },
  },
  'POST /patients/{patientId}/transitions': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/transitions`,
    body: {
      // Three days back: a past day in every zone, whatever the time of the run.
      valid: () => ({
        kind: 'ed_visit',
        date: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
        facility: '  General Hospital  ',
      }),
      malformed: { kind: 'house_call', date: '2026-01-05' },
      message: TRANSITION_MESSAGES.kindInvalid,
      missing: TRANSITION_MESSAGES.kindInvalid,
    },
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 201,
      check: (b) =>
        expect(b.transition).toMatchObject({
          kind: 'ed_visit',
          facility: 'General Hospital',
          recorded_by_name: 'Nora Ellis',
          follow_up: { status: expect.stringMatching(/^(due|overdue|followed_up)$/) },
        }),
    },
  },
  'GET /providers/{providerId}/fee-schedule': {
    as: 'sunrise',
    path: (ids) => `/providers/${ids.org}/fee-schedule`,
    body: null,
    badQuery: null,
    otherOrganization: 'provider.not_found',
    success: {
      status: 200,
      check: (b) => expect(b.fee_schedule).toMatchObject({ rates: { '99490': expect.any(Number) } }),
    },
  },
  'PUT /providers/{providerId}/fee-schedule': {
    as: 'operator',
    path: (ids) => `/providers/${ids.org}/fee-schedule`,
    fresh: async () => ({ org: (await createOrganization(stack)).id }),
    body: {
      valid: () => ({ rates: { ...DEFAULT_RATES, G0557: 55.5 } }),
      malformed: { rates: { ...DEFAULT_RATES, G0557: -1 } },
      message: FEE_SCHEDULE_MESSAGES.rateInvalid,
      missing: FEE_SCHEDULE_MESSAGES.ratesRequired,
    },
    badQuery: null,
    otherOrganization: 'provider.not_found',
    success: {
      status: 200,
      check: (b) => expect(b.fee_schedule).toMatchObject({ custom: true, rates: { G0557: 55.5 } }),
    },
  },
  'GET /providers/{providerId}/billing-summary': {
    as: 'sunrise',
    path: (ids) => `/providers/${ids.org}/billing-summary`,
    body: null,
    badQuery: { query: '?month=soon', message: BILLING_MESSAGES.monthInvalid },
    otherOrganization: 'provider.not_found',
    success: {
      status: 200,
      check: (b) => expect(b).toMatchObject({ patients: expect.any(Number), switch: { gain: expect.any(Number) } }),
    },
  },

  // Enrollment (issue 24): FHIR R4 out.
  'GET /patients/{patientId}/fhir': {
    as: 'sunrise',
    path: (ids) => `/patients/${ids.patient}/fhir`,
    body: null,
    badQuery: null,
    otherOrganization: 'patient.not_found',
    success: {
      status: 200,
      check: (b, ids) => {
        expect(b).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
        expect((b.entry as { resource: unknown }[])[0]?.resource).toMatchObject({
          resourceType: 'Patient',
          identifier: expect.arrayContaining([{ system: 'urn:careloop:patient', value: ids.patient }]),
        });
      },
    },
  },
};

/** Vendor webhooks: the vendor's credential, not a Cognito token, is what they check. */
const WEBHOOK_ROUTES = new Set<RouteKey>(ROUTES.filter((r) => isWebhookAccess(r.access)).map(routeKey));
/** Link routes: the token in the path is the only credential. */
const LINK_ROUTES = new Set<RouteKey>(ROUTES.filter((r) => r.access === 'link').map(routeKey));

interface UserLike {
  email: string;
  role: string;
  provider: { id: string; name: string } | null;
}

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH']);
/** Each route's input schemas, from the capabilities' specs. */
const INPUTS = new Map(
  CAPABILITY_SPECS.flatMap((c) =>
    Object.values(c.functions).flatMap((f) =>
      Object.values(f.routes).map((r) => [routeKey({ method: r.method, path: r.resource }), r] as const),
    ),
  ),
);
/** An id that cannot exist, in every id a path can name (a link token keeps its own rule, below). */
const MALFORMED = 'does-not-exist-123';
const MALFORMED_IDS: RecordIds = {
  org: MALFORMED,
  patient: MALFORMED,
  user: MALFORMED,
  call: MALFORMED,
  completed: MALFORMED,
  completedVersion: 1,
  link: 'x'.repeat(43),
  text: MALFORMED,
  panelImport: MALFORMED,
};
/** The answer to a path whose ids cannot exist: the not-found of the first record the path names. */
const NOT_FOUND_TEXTS: Record<string, { error: string; code: string }> = {
  providerId: { error: 'Provider Not Found', code: 'provider.not_found' },
  patientId: { error: 'Patient Not Found', code: 'patient.not_found' },
  userId: { error: 'User not found', code: 'user.not_found' },
  callId: { error: 'Call Not Found', code: 'call.not_found' },
  importId: { error: 'Import Not Found', code: 'import.not_found' },
};
const SUMMARY_NOT_FOUND = { error: 'Summary Not Found', code: 'summary.not_found' };
function malformedPathAnswer(route: RouteDefinition): { error: string; code: string } | null {
  const first = /\{(\w+)\}/.exec(route.path)?.[1];
  if (!first || first === 'token') return null;
  // A summary is named by its call's id (`/calls/{callId}/summary…`).
  if (/\/summary(-status)?$/.test(route.path)) return SUMMARY_NOT_FOUND;
  return NOT_FOUND_TEXTS[first] ?? null;
}
const allows = (route: RouteDefinition, role: Role) =>
  route.access === 'signed-in' || (Array.isArray(route.access) && (route.access as readonly Role[]).includes(role));
const providersAllowed = (route: RouteDefinition) => allows(route, 'provider');

let world: World;
/** The success actor's organization name and e-mail, as the API answers them (not the seed's text). */
let own = { organizationName: '', nurseEmail: '' };
const tokens: Partial<Record<Role | 'none', string>> = {};

beforeAll(async () => {
  const orgs = await demoOrganizations(stack);
  const [userOrg, ownPatient, otherPatient] = await Promise.all([
    createOrganization(stack),
    createCallablePatient(stack, orgs.sunrise),
    createCallablePatient(stack, orgs.lakeside),
  ]);
  const [ownCall, otherCall, ownCompleted, otherCompleted] = await Promise.all([
    scheduleCallFor(stack, ownPatient.id),
    scheduleCallFor(stack, otherPatient.id),
    completedCall(ownPatient.id),
    completedCall(otherPatient.id),
  ]);
  for (const patient of [ownPatient, otherPatient]) {
    await createDocument(stack, patient.id, 'care-plan', 'Care plan');
    await createDocument(stack, patient.id, 'emr-notes', 'EMR notes');
  }
  const user = await createUser(stack, { provider_id: userOrg.id });
  const [ownImport, otherImport] = await Promise.all([
    newImport(orgs.sunrise, await sunriseToken(stack)),
    newImport(orgs.lakeside, await lakesideToken(stack)),
  ]);
  world = {
    own: {
      org: orgs.sunrise,
      patient: ownPatient.id,
      user: user.id,
      call: ownCall.id,
      text: NO_TEXT,
      panelImport: ownImport.id,
      ...ownCompleted,
    },
    other: {
      org: orgs.lakeside,
      patient: otherPatient.id,
      user: user.id,
      call: otherCall.id,
      text: NO_TEXT,
      panelImport: otherImport.id,
      ...otherCompleted,
    },
    userOrg: userOrg.id,
  };
  tokens.careloop_employee = await operatorToken(stack);
  tokens.provider = await sunriseToken(stack);
  const [organization, nurse] = await Promise.all([
    organizationOf(stack, orgs.sunrise),
    call<{ email: string }>(stack, 'GET', '/me', { token: tokens.provider }),
  ]);
  own = { organizationName: organization.name, nurseEmail: expectStatus(nurse, 200).email };
  tokens.patient = await throwawayToken(stack, 'patient', orgs.sunrise);
  tokens.none = await throwawayToken(stack, null);
});

describe('route matrix', () => {
  it('has a fixture for exactly the staff routes of the manifest, with every rule a route needs', () => {
    const staffRoutes = ROUTES.filter((r) => isStaffAccess(r.access));
    const without400: string[] = [];
    expect(Object.keys(FIXTURES).sort()).toEqual(staffRoutes.map(routeKey).sort());
    expect([...WEBHOOK_ROUTES, ...LINK_ROUTES, ...Object.keys(FIXTURES)].sort()).toEqual(ROUTES.map(routeKey).sort());
    for (const route of staffRoutes) {
      const fixture = FIXTURES[routeKey(route)];
      if (!fixture) continue;
      expect(fixture.body !== null || fixture.noBody === true, `${routeKey(route)}: body rules`).toBe(
        HAS_BODY.has(route.method),
      );
      const namesTenantRecord = route.path.includes('{') || route.method === 'POST';
      if (providersAllowed(route) && namesTenantRecord) {
        expect(fixture.otherOrganization, `${routeKey(route)}: other-organization rule`).not.toBeNull();
      }
      // Every route that reads a query or a body has its 400 case. A route without one reads its
      // path only, where an id that cannot exist is a record that does not exist (404, not 400).
      const inputs = INPUTS.get(routeKey(route));
      const readsInput = Boolean(inputs?.query) || Boolean(inputs?.body);
      if ((fixture.body !== null || fixture.badQuery !== null) !== readsInput) without400.push(routeKey(route));
      if (route.path.includes('{') && !route.path.includes('{token}')) {
        expect(malformedPathAnswer(route), `${routeKey(route)}: malformed path rule`).not.toBeNull();
      }
    }
    expect(without400, 'routes whose 400 case and input disagree').toEqual([]);
  });

  describe.each(ROUTES.filter((r) => isStaffAccess(r.access)).map((route) => [routeKey(route), route] as const))(
    '%s',
    (key, route: RouteDefinition) => {
      const found = FIXTURES[key];
      if (!found) {
        it('has its rules in this matrix', () =>
          expect.fail(`${key} has no fixture: add its paths, bodies and expectations`));
        return;
      }
      const fixture: Fixture = found;
      const tokenOf = (as: Fixture['as']) => (as === 'operator' ? tokens.careloop_employee : tokens.provider) as string;
      const bodyFor = (ids: RecordIds) => (fixture.body ? fixture.body.valid(ids, world) : undefined);

      it('answers 401 without a token', async () => {
        const answer = await call(stack, route.method, fixture.path(world.own), { body: bodyFor(world.own) });
        expect(answer).toEqual({ status: 401, body: { error: 'Unauthorized', code: 'auth.unauthorized' } });
      });

      const refused = route.access === 'signed-in' ? [] : [...ROLES.filter((r) => !allows(route, r)), 'none' as const];
      // Rules that do not apply to a route (no role refused, no tenant record, no input) are not generated.
      if (refused.length > 0)
        it(`answers 403 to ${refused.join(', ')}`, async () => {
          for (const role of refused) {
            const answer = await call(stack, route.method, fixture.path(world.own), {
              token: tokens[role],
              body: bodyFor(world.own),
            });
            expect(answer, role).toEqual({ status: 403, body: { error: expect.any(String), code: 'auth.forbidden' } });
          }
        });

      if (fixture.otherOrganization !== null)
        it("answers 404 to a Sunrise provider user reaching Lakeside's record", async () => {
          const answer = await call(stack, route.method, fixture.path(world.other), {
            token: tokens.provider,
            body: bodyFor(world.other),
          });
          if (fixture.otherOrganization === 'summary.other_organization') {
            expect(answer).toEqual({
              status: 403,
              body: {
                error: 'Access denied - You can only view summaries from your organization',
                code: 'summary.other_organization',
              },
            });
            return;
          }
          const message = {
            'provider.not_found': 'Provider Not Found',
            'patient.not_found': 'Patient Not Found',
            'call.not_found': 'Call Not Found',
            'summary.not_found': 'Summary Not Found',
            'import.not_found': 'Import Not Found',
          }[fixture.otherOrganization as string];
          expect(answer).toEqual({ status: 404, body: { error: message, code: fixture.otherOrganization } });
        });

      const notFound = malformedPathAnswer(route);
      if (notFound)
        it(`answers ${notFound.code} to a path id that cannot exist, after 401 and 403`, async () => {
          const path = fixture.path(MALFORMED_IDS);
          const body = bodyFor(world.own);
          expect((await call(stack, route.method, path, { body })).status).toBe(401);
          for (const role of refused) {
            expect((await call(stack, route.method, path, { token: tokens[role], body })).status, role).toBe(403);
          }
          const answer = await call(stack, route.method, path, { token: tokenOf(fixture.as), body });
          expect(answer).toEqual({ status: 404, body: notFound });
        });

      if (fixture.body !== null || fixture.badQuery !== null)
        it("answers 400 with the spec's message to bad input", async () => {
          const token = tokenOf(fixture.as);
          const path = fixture.path(world.own);
          if (fixture.badQuery) {
            const answer = await call(stack, route.method, `${path.split('?')[0]}${fixture.badQuery.query}`, { token });
            expect(answer).toMatchObject({ status: 400, body: { error: fixture.badQuery.message } });
          }
          if (fixture.body) {
            const malformed = await call(stack, route.method, path, { token, body: fixture.body.malformed });
            expect(malformed).toMatchObject({ status: 400, body: { error: fixture.body.message } });
            const missing = await call(stack, route.method, path, { token });
            expect(missing).toMatchObject({ status: 400, body: { error: fixture.body.missing } });
            const notJson = await call(stack, route.method, path, { token, rawBody: '{"name": ' });
            expect(notJson).toMatchObject({ status: 400, body: { code: 'request.invalid_json' } });
            const notObject = await call(stack, route.method, path, {
              token,
              body: [fixture.body.valid(world.own, world)],
            });
            expect(notObject).toMatchObject({ status: 400, body: { code: 'request.invalid_body' } });
          }
        });

      it(`succeeds for ${fixture.as === 'operator' ? 'the operator' : "Sunrise's provider user on Sunrise's record"}`, async () => {
        const ids = { ...world.own, ...(fixture.fresh ? await fixture.fresh(world) : {}) };
        const answer = await call<Body>(stack, route.method, fixture.path(ids), {
          token: tokenOf(fixture.as),
          body: bodyFor(ids),
        });
        fixture.success.check(expectStatus(answer, fixture.success.status), ids, world);
      });
    },
  );
});

describe('POST /webhooks/vapi (vendor webhook)', () => {
  it('is a webhook:vapi route', () =>
    expect(ROUTES.find((r) => routeKey(r) === 'POST /webhooks/vapi')?.access).toBe('webhook:vapi'));

  const callState = async (id: string) =>
    expectStatus(await call<Body>(stack, 'GET', `/calls/${id}`, { token: tokens.provider }), 200).call as Body;

  it('answers 401 to a missing, forged or stale signature, and writes nothing', async () => {
    const report = endOfCallReport(world.own.call);
    const before = await callState(world.own.call);
    const refused = { status: 401, body: { error: 'Unauthorized', code: 'auth.unauthorized' } };
    expect(await postVapiWebhook(stack, report, { omit: true })).toEqual(refused);
    expect(await postVapiWebhook(stack, report, { secret: 'not-the-secret' })).toEqual(refused);
    expect(await postVapiWebhook(stack, report, { timestampMs: Date.now() - 10 * 60_000 })).toEqual(refused);
    expect(await postVapiWebhook(stack, report, { timestampMs: Date.now() + 10 * 60_000 })).toEqual(refused);
    const tampered = JSON.stringify(report);
    const answer = await fetch(`${stack.apiUrl}/webhooks/vapi`, {
      method: 'POST',
      headers: { 'x-timestamp': String(Date.now()), 'x-signature': '0'.repeat(64) },
      body: tampered,
    });
    expect(answer.status).toBe(401);
    expect(await callState(world.own.call)).toEqual(before);
  });

  it('answers 400 to a signed body that is not JSON or not a Vapi message', async () => {
    expect(await postVapiWebhook(stack, '{"message": ')).toMatchObject({
      status: 400,
      body: { code: 'request.invalid_json' },
    });
    expect(await postVapiWebhook(stack, { hello: 'world' })).toMatchObject({
      status: 400,
      body: { code: 'webhook.no_message' },
    });
    expect(await postVapiWebhook(stack, [1, 2])).toMatchObject({ status: 400 });
  });

  it('acknowledges a signed message, and ignores types it does not handle', async () => {
    expect(await postVapiWebhook(stack, statusUpdate('no-such-call', 'in-progress'))).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(
      await postVapiWebhook(stack, { message: { type: 'speech-update', status: 'started', role: 'user' } }),
    ).toEqual({ status: 200, body: { received: true } });
  });
});

describe.each(['status', 'inbound'] as const)('POST /webhooks/twilio/%s (vendor webhook)', (kind) => {
  it('is a webhook:twilio route', () => expect(WEBHOOK_ROUTES.has(`POST /webhooks/twilio/${kind}`)).toBe(true));

  const textsOf = async (patientId: string) =>
    expectStatus(await call<Body>(stack, 'GET', `/patients/${patientId}/texts`, { token: tokens.provider }), 200);
  const paramsFor = async () => {
    const patient = await createCallablePatient(stack, world.own.org);
    expectStatus(
      await call<{ message: { id: string } }>(stack, 'POST', `/patients/${patient.id}/texts`, {
        token: tokens.provider,
        body: { body: 'Checking in' },
      }),
      201,
    );
    // The simulator's delivery callbacks arrive on their own time: let them settle before comparing.
    await eventually(
      () => textsOf(patient.id),
      (t) => (t.messages as { status: string }[] | undefined)?.[0]?.status === 'delivered',
    );
    const params =
      kind === 'inbound'
        ? inboundText(patient.phone_number ?? '', 'STOP')
        : { MessageSid: 'SM' + '0'.repeat(32), MessageStatus: 'delivered', AccountSid: `AC${'0'.repeat(32)}` };
    return { patient, params };
  };

  it('answers 401 to a missing or forged signature, or one for another URL, and writes nothing', async () => {
    const { patient, params } = await paramsFor();
    const before = await textsOf(patient.id);
    const refused = (answer: { status: number; body: string }) => {
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toEqual({ error: 'Unauthorized', code: 'auth.unauthorized' });
    };
    refused(await postTwilioWebhook(stack, kind, params, { omit: true }));
    refused(await postTwilioWebhook(stack, kind, params, { authToken: 'not-the-auth-token' }));
    refused(await postTwilioWebhook(stack, kind, params, { signedUrl: 'https://example.test/webhooks/twilio/x' }));
    // Signed, then changed on the way.
    const signed = await fetch(`${stack.apiUrl}/webhooks/twilio/${kind}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': 'bm90LWEtc2lnbmF0dXJl' },
      body: new URLSearchParams({ ...params, Body: 'START' }).toString(),
    });
    expect(signed.status).toBe(401);
    expect(await textsOf(patient.id)).toEqual(before);
  });

  it('answers 400 to a signed form that is not a message webhook', async () => {
    const answer = await postTwilioWebhook(stack, kind, { AccountSid: `AC${'0'.repeat(32)}`, Body: 'hi' });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'webhook.invalid_message_sid' });
  });

  it('answers a signed message with TwiML', async () => {
    const { patient, params } = await paramsFor();
    const answer = await postTwilioWebhook(stack, kind, params);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^text\/xml/);
    expect(answer.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response>/);
    if (kind === 'inbound') {
      expect(answer.body).toContain('<Message>CareLoop: you are opted out');
      expect((await textsOf(patient.id)).opted_out).toBe(true);
    }
  });
});

describe('POST /call-links/{token} (link)', () => {
  it('is a link route, without a Cognito token', () => expect(LINK_ROUTES.has('POST /call-links/{token}')).toBe(true));

  it('answers every token that opens nothing the same way: 404 with the default text', async () => {
    const invalid = {
      status: 404,
      body: {
        error: 'This link has expired or is no longer valid. Please contact your healthcare provider for a new link.',
        code: 'link.invalid',
      },
    };
    for (const token of ['short', 'A'.repeat(43), 'B'.repeat(44), 'a%20b', world.own.link]) {
      expect(await call(stack, 'POST', `/call-links/${token}`), token).toEqual(invalid);
    }
  });

  it('places a call for a valid link (no token needed), then says it is on its way', async () => {
    // Inside the calling hours whatever time the test runs (the organization's time zone decides).
    const organization = await createOrganization(stack, { timezone: timeZoneAtHour(13) });
    const operator = await operatorToken(stack);
    const patient = await createCallablePatient(stack, organization.id);
    const { link } = expectStatus(
      await call<{ link: string }>(stack, 'POST', `/patients/${patient.id}/call-links`, { token: operator }),
      201,
    );
    const token = link.split('/').pop() ?? '';
    const who = { patient: { first_name: patient.first_name }, language: 'en' };
    expect(await call(stack, 'POST', `/call-links/${token}`)).toEqual({
      status: 200,
      body: { isValid: true, ...who, call: 'placed' },
    });
    expect(await call(stack, 'POST', `/call-links/${token}`)).toEqual({
      status: 200,
      body: { isValid: true, ...who, call: 'on_its_way' },
    });
    const history = expectStatus(
      await call<{ history: { items: { kind: string }[] } }>(stack, 'GET', `/patients/${patient.id}/calls`, {
        token: operator,
      }),
      200,
    ).history.items;
    expect(history.filter((c) => c.kind === 'link')).toHaveLength(1);
  });
});

describe('POST /care-plan-links/{token} (link)', () => {
  it('is a link route, without a Cognito token', () =>
    expect(LINK_ROUTES.has('POST /care-plan-links/{token}')).toBe(true));

  it('answers every token that opens nothing the same way, with or without a date of birth: 404 in words', async () => {
    const invalid = {
      status: 404,
      body: {
        error: 'This link has expired or is no longer valid. Please contact your healthcare provider for a new link.',
        code: 'link.invalid',
      },
    };
    for (const token of ['short', 'A'.repeat(43), 'B'.repeat(44), 'a%20b', world.own.link]) {
      expect(await call(stack, 'POST', `/care-plan-links/${token}`), token).toEqual(invalid);
      expect(await call(stack, 'POST', `/care-plan-links/${token}`, { body: { date_of_birth: '1950-04-12' } })).toEqual(
        invalid,
      );
    }
  });

  it('answers a body that is no date of birth 400 in words', async () => {
    expect(
      await call(stack, 'POST', `/care-plan-links/${'A'.repeat(43)}`, { body: { date_of_birth: 'yesterday' } }),
    ).toEqual({
      status: 400,
      body: { error: 'Please enter your date of birth as a date (YYYY-MM-DD)', code: 'request.invalid.date_of_birth' },
    });
  });
});
