/**
 * The enrollment funnel and invitations by text against the local stack (DynamoDB Local, the Twilio
 * simulator, the real handlers): a patient with two chronic conditions is eligible, an invitation in
 * the patient's language moves them to invited, YES to interested and NO to declined, staff's
 * consent enrols them, and the panel's counts and lists follow each move. Opt-outs and the daily cap
 * refuse an invitation; another organization's patient answers 404.
 */
import { describe, expect, inject, it } from 'vitest';
import { EMPTY_CARE_PLAN } from '../../shared/care-plan';
import type { WorklistAnswer } from '../../shared/dashboard';
import type {
  BulkInvitationAnswer,
  EnrollmentCountsAnswer,
  EnrollmentListAnswer,
  PcmCandidatesListAnswer,
} from '../../shared/enrollment/panel';
import type { ENROLLMENT_STAGES } from '../../shared/enrollment/funnel';
import { call } from '../support/api';
import {
  createPatient,
  createTextingOrganization,
  expectStatus,
  inboundText,
  lakesideToken,
  postTwilioWebhook,
  tableOf,
  throwawayToken,
} from '../support/fixtures';

const stack = inject('stack');

type Stage = (typeof ENROLLMENT_STAGES)[number];
type Refusal = { error?: string; code?: string };

const randomNanpNumber = () => `+1727${200_000 + Math.floor(Math.random() * 800_000)}6`;

/** A practice that texts from its own number, and one of its staff. */
async function practice(caps: { daily_text_limit?: number } = {}) {
  const organization = await createTextingOrganization(stack, caps);
  return { organization, staff: await throwawayToken(stack, 'provider', organization.id) };
}

/** A patient of the practice with a number no other test uses, and `conditions` chronic conditions on the care plan. */
async function patientWith(organizationId: string, staff: string, conditions: number) {
  const patient = await createPatient(stack, organizationId, { phone_number: randomNanpNumber() }, staff);
  expectStatus(await saveConditions(patient.id, staff, conditions, 'POST'), 201);
  return patient;
}

/** Saves the care plan (first with POST, then PUT at its current version) with `conditions` chronic conditions. */
async function saveConditions(patientId: string, staff: string, conditions: number, method: 'POST' | 'PUT') {
  const version =
    method === 'PUT'
      ? expectStatus(
          await call<{ carePlan: { version: number } }>(stack, 'GET', `/patients/${patientId}/care-plan`, {
            token: staff,
          }),
          200,
        ).carePlan.version
      : undefined;
  return call(stack, method, `/patients/${patientId}/care-plan`, {
    token: staff,
    body: {
      ...EMPTY_CARE_PLAN,
      ...(version === undefined ? {} : { version }),
      conditions: [
        { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
        { code: 'I10', description: 'Essential (primary) hypertension' },
        { code: 'J44.9', description: 'Chronic obstructive pulmonary disease, unspecified' },
      ].slice(0, conditions),
    },
  });
}

const counts = async (organizationId: string, token: string) =>
  expectStatus(
    await call<EnrollmentCountsAnswer>(stack, 'GET', `/providers/${organizationId}/enrollment`, { token }),
    200,
  ).counts;
const listed = async (organizationId: string, token: string, stage: Stage) =>
  expectStatus(
    await call<EnrollmentListAnswer>(stack, 'GET', `/providers/${organizationId}/enrollment/patients?stage=${stage}`, {
      token,
    }),
    200,
  ).items.map((i) => i.patient_id);
const pcmCount = async (organizationId: string, token: string) =>
  expectStatus(
    await call<EnrollmentCountsAnswer>(stack, 'GET', `/providers/${organizationId}/enrollment`, { token }),
    200,
  ).pcm_candidates;
const pcmListed = async (organizationId: string, token: string) =>
  expectStatus(
    await call<PcmCandidatesListAnswer>(stack, 'GET', `/providers/${organizationId}/enrollment/pcm-candidates`, {
      token,
    }),
    200,
  ).items.map((i) => i.patient_id);
const invite = (patientId: string, token: string) =>
  call<{ patient_id: string; stage: Stage } & Refusal>(stack, 'POST', `/patients/${patientId}/invitation`, {
    token,
    body: { channel: 'sms' },
  });

async function outboxTo(phone: string): Promise<string[]> {
  const { messages } = (await (await fetch(`${stack.apiUrl}/local/outbox`)).json()) as {
    messages: { channel: string; to: string; body: string }[];
  };
  return messages.filter((m) => m.channel === 'sms' && m.to === phone).map((m) => m.body);
}

/** An inbound reply to the practice's number. */
const reply = (phone: string, body: string, to: string) =>
  postTwilioWebhook(stack, 'inbound', inboundText(phone, body, undefined, to));

describe('the enrollment funnel', () => {
  it('invites an eligible patient by text, YES makes them interested, consent enrols them; the panel follows', async () => {
    const { organization, staff } = await practice();
    const sender = organization.sms_sender ?? '';
    const none = { eligible: 0, invited: 0, interested: 0, enrolled: 0, declined: 0, unreachable: 0 };
    const one = await patientWith(organization.id, staff, 1);
    expect(await counts(organization.id, staff)).toEqual(none);

    const patient = await patientWith(organization.id, staff, 2);
    expect(await counts(organization.id, staff)).toEqual({ ...none, eligible: 1 });
    expect(await listed(organization.id, staff, 'eligible')).toEqual([patient.id]);
    // One condition is not eligible for CCM, and cannot be invited.
    expect(await invite(one.id, staff)).toMatchObject({ status: 409, body: { code: 'enrollment.not_invitable' } });

    expect(expectStatus(await invite(patient.id, staff), 201)).toEqual({
      patient_id: patient.id,
      stage: 'invited',
      channel: 'sms',
      call_at: null,
    });
    const [text] = await outboxTo(patient.phone_number ?? '');
    expect(text).toContain(`${organization.name} offers a care management program`);
    expect(text).toContain('Reply YES');
    expect(await counts(organization.id, staff)).toEqual({ ...none, invited: 1 });
    expect(await listed(organization.id, staff, 'invited')).toEqual([patient.id]);
    expect(await listed(organization.id, staff, 'eligible')).toEqual([]);

    const yes = await reply(patient.phone_number ?? '', 'Yes!', sender);
    expect(yes.body).toContain('Your care team will call you to talk about joining the program');
    expect(await counts(organization.id, staff)).toEqual({ ...none, interested: 1 });
    expect(await listed(organization.id, staff, 'interested')).toEqual([patient.id]);
    // The worklist asks staff to call them and record consent.
    const worklist = expectStatus(await call<WorklistAnswer>(stack, 'GET', '/worklist', { token: staff }), 200);
    expect(worklist.interested_in_enrolling.items.map((i) => i.patient_id)).toEqual([patient.id]);
    // The answer is on the patient's texts, not a callback request.
    const texts = expectStatus(
      await call<{ messages: { kind: string; callback: unknown }[] }>(stack, 'GET', `/patients/${patient.id}/texts`, {
        token: staff,
      }),
      200,
    );
    expect(texts.messages[0]).toMatchObject({ kind: 'enrollment_yes', callback: null });
    // Interested patients are not invited again.
    expect(await invite(patient.id, staff)).toMatchObject({ status: 409, body: { code: 'enrollment.not_invitable' } });

    expectStatus(
      await call(stack, 'POST', `/patients/${patient.id}/consent`, {
        token: staff,
        body: {
          status: 'accepted',
          date: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
          method: 'verbal',
          disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
        },
      }),
      201,
    );
    expect(await counts(organization.id, staff)).toEqual({ ...none, enrolled: 1 });
    expect(await listed(organization.id, staff, 'enrolled')).toEqual([patient.id]);
    const after = expectStatus(await call<WorklistAnswer>(stack, 'GET', '/worklist', { token: staff }), 200);
    expect(after.interested_in_enrolling.items).toEqual([]);
  });

  it('invites in Spanish, and NO declines; a reply from a patient not invited stays a callback request', async () => {
    const { organization, staff } = await practice();
    const sender = organization.sms_sender ?? '';
    const patient = await patientWith(organization.id, staff, 2);
    // Spanish-speaking, as a panel import stores it.
    await tableOf(stack).entities.patient.patch({ patient_id: patient.id }).set({ preferred_language: 'es' }).go();
    expectStatus(await invite(patient.id, staff), 201);
    const [text] = await outboxTo(patient.phone_number ?? '');
    expect(text).toContain('ofrece un programa de manejo de atención');
    expect(text).toContain('Responda SÍ');

    const no = await reply(patient.phone_number ?? '', 'no', sender);
    expect(no.body).toContain('anotamos que no le interesa');
    expect(await listed(organization.id, staff, 'declined')).toEqual([patient.id]);

    // Declined: a later YES is an ordinary reply, kept for staff.
    const later = await reply(patient.phone_number ?? '', 'yes', sender);
    expect(later.body).toContain('Your care team has your message');
    expect(await listed(organization.id, staff, 'declined')).toEqual([patient.id]);
  });

  it('refuses an invitation to an opted-out number and past the daily cap; bulk reports each patient', async () => {
    const { organization, staff } = await practice({ daily_text_limit: 2 });
    const sender = organization.sms_sender ?? '';
    const optedOut = await patientWith(organization.id, staff, 2);
    await reply(optedOut.phone_number ?? '', 'STOP', sender);
    expect(await invite(optedOut.id, staff)).toMatchObject({ status: 409, body: { code: 'text.opted_out' } });
    expect(await outboxTo(optedOut.phone_number ?? '')).toEqual([]);
    expect(await listed(organization.id, staff, 'eligible')).toEqual([optedOut.id]);

    const patients = [
      await patientWith(organization.id, staff, 2),
      await patientWith(organization.id, staff, 3),
      await patientWith(organization.id, staff, 2),
    ];
    const bulk = expectStatus(
      await call<BulkInvitationAnswer>(stack, 'POST', `/providers/${organization.id}/invitations`, {
        token: staff,
        body: { channel: 'sms', patient_ids: [...patients.map((p) => p.id), optedOut.id] },
      }),
      200,
    );
    // The cap of 2 texts a day: two go out, the third is refused with the cap's words.
    expect(bulk.invited).toBe(2);
    expect(bulk.results.map((r) => r.patient_id)).toEqual([...patients.map((p) => p.id), optedOut.id]);
    expect(
      bulk.results
        .filter((r) => r.outcome === 'refused')
        .map((r) => r.code)
        .sort(),
    ).toEqual(['text.daily_limit', 'text.opted_out']);
    expect((await counts(organization.id, staff)).invited).toBe(2);
  });

  it("answers 404 for another organization's patient or panel, and sends nothing", async () => {
    const { organization, staff } = await practice();
    const patient = await patientWith(organization.id, staff, 2);
    const lakeside = await lakesideToken(stack);
    expect(await invite(patient.id, lakeside)).toMatchObject({ status: 404, body: { code: 'patient.not_found' } });
    expect(
      await call(stack, 'POST', `/providers/${organization.id}/invitations`, {
        token: lakeside,
        body: { channel: 'sms', patient_ids: [patient.id] },
      }),
    ).toMatchObject({ status: 404, body: { code: 'provider.not_found' } });
    expect(await call(stack, 'GET', `/providers/${organization.id}/enrollment`, { token: lakeside })).toMatchObject({
      status: 404,
    });
    expect(await outboxTo(patient.phone_number ?? '')).toEqual([]);
    expect(await listed(organization.id, staff, 'eligible')).toEqual([patient.id]);
  });
});

describe('the PCM candidates', () => {
  it('follow the care plan: one condition lists a patient, a second moves it to eligible, losing one brings it back', async () => {
    const { organization, staff } = await practice();
    const none = await patientWith(organization.id, staff, 0);
    const candidate = await patientWith(organization.id, staff, 1);
    const older = await patientWith(organization.id, staff, 1);
    expect(await pcmCount(organization.id, staff)).toBe(2);
    // Newest patient first.
    expect(await pcmListed(organization.id, staff)).toEqual([older.id, candidate.id]);
    const [item] = expectStatus(
      await call<PcmCandidatesListAnswer>(
        stack,
        'GET',
        `/providers/${organization.id}/enrollment/pcm-candidates?limit=1`,
        { token: staff },
      ),
      200,
    ).items;
    expect(item).toMatchObject({ patient_id: older.id, condition_count: 1, has_phone: true });

    // A second condition: eligible for CCM, no longer a PCM candidate.
    expectStatus(await saveConditions(candidate.id, staff, 2, 'PUT'), 200);
    expect(await pcmListed(organization.id, staff)).toEqual([older.id]);
    expect(await listed(organization.id, staff, 'eligible')).toEqual([candidate.id]);
    expect(await pcmCount(organization.id, staff)).toBe(1);
    expect((await counts(organization.id, staff)).eligible).toBe(1);

    // Back to one: out of the funnel, a candidate again; none to one enters too.
    expectStatus(await saveConditions(candidate.id, staff, 1, 'PUT'), 200);
    expectStatus(await saveConditions(none.id, staff, 1, 'PUT'), 200);
    // Listed by when the patient was created, newest first, whenever it became a candidate.
    expect(await pcmListed(organization.id, staff)).toEqual([older.id, candidate.id, none.id]);
    expect(await listed(organization.id, staff, 'eligible')).toEqual([]);
    expect(await pcmCount(organization.id, staff)).toBe(3);
    // A change of the one condition keeps it listed once.
    expectStatus(await saveConditions(older.id, staff, 1, 'PUT'), 200);
    expect(await pcmCount(organization.id, staff)).toBe(3);

    // Archived: off the list and the count.
    expectStatus(await call(stack, 'DELETE', `/patients/${older.id}`, { token: staff }), 200);
    expect(await pcmListed(organization.id, staff)).toEqual([candidate.id, none.id]);
    expect(await pcmCount(organization.id, staff)).toBe(2);
  });

  it("answers 404 for another organization's PCM candidates", async () => {
    const { organization, staff } = await practice();
    await patientWith(organization.id, staff, 1);
    const lakeside = await lakesideToken(stack);
    expect(
      await call(stack, 'GET', `/providers/${organization.id}/enrollment/pcm-candidates`, { token: lakeside }),
    ).toMatchObject({ status: 404, body: { code: 'provider.not_found' } });
  });
});

describe("the panel's copy of each patient", () => {
  it('shows a rename, a phone removed, a language and a condition count changed, on both lists', async () => {
    const { organization, staff } = await practice();
    const eligible = await patientWith(organization.id, staff, 2);
    const candidate = await patientWith(organization.id, staff, 1);
    const edit = (p: { id: string; email: string }, first: string) =>
      call(stack, 'PUT', `/patients/${p.id}`, {
        token: staff,
        body: { email: p.email, first_name: first, last_name: 'Renamed', phone_number: null, preferred_language: 'es' },
      });
    expectStatus(await edit(eligible, 'Eli'), 200);
    expectStatus(await edit(candidate, 'Cam'), 200);
    // A third condition keeps the patient eligible: its item takes the new count.
    expectStatus(await saveConditions(eligible.id, staff, 3, 'PUT'), 200);

    const page = expectStatus(
      await call<EnrollmentListAnswer>(
        stack,
        'GET',
        `/providers/${organization.id}/enrollment/patients?stage=eligible`,
        {
          token: staff,
        },
      ),
      200,
    );
    expect(page.items).toEqual([
      expect.objectContaining({
        patient_id: eligible.id,
        patient_name: 'Eli Renamed',
        condition_count: 3,
        has_phone: false,
        preferred_language: 'es',
      }),
    ]);
    const candidates = expectStatus(
      await call<PcmCandidatesListAnswer>(stack, 'GET', `/providers/${organization.id}/enrollment/pcm-candidates`, {
        token: staff,
      }),
      200,
    );
    expect(candidates.items).toEqual([
      expect.objectContaining({
        patient_id: candidate.id,
        patient_name: 'Cam Renamed',
        condition_count: 1,
        has_phone: false,
        preferred_language: 'es',
      }),
    ]);
  });
});
