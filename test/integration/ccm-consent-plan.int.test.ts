/**
 * CCM consent, the structured care plan, eligibility, care roles and billing practitioners
 * (product-rules.md "Care management (CCM)") against the local stack: DynamoDB Local, cognito-local,
 * the voice simulator and the local scheduler.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { checkInWindow } from '../../shared/call-lines';
import type { CallLogSummary, PatientCallsResponse } from '../../shared/calls';
import type {
  CarePlan,
  ConsentEntry,
  DocumentRevisionPage,
  Patient,
  PatientConsent,
  UserProfile,
} from '../../shared/domain';
import { CCM_MESSAGES, CONDITION_MESSAGES } from '../../shared/ccm/messages';
import { call } from '../support/api';
import {
  auditTrail,
  callableNumber,
  createCallablePatient,
  createOrganization,
  createPatient,
  createUser,
  demoOrganizations,
  eventually,
  expectStatus,
  lakesideToken,
  operatorToken,
  sunriseToken,
  tableOf,
  uniqueEmail,
} from '../support/fixtures';

const stack = inject('stack');

let orgs: { sunrise: string; lakeside: string };
let nurse: string;
let nurseProfile: UserProfile;

beforeAll(async () => {
  orgs = await demoOrganizations(stack);
  nurse = await sunriseToken(stack);
  nurseProfile = expectStatus(await call<UserProfile>(stack, 'GET', '/me', { token: nurse }), 200);
});

const ALL_DISCLOSURES = ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'];
const accepted = (date = '2026-01-05') => ({
  status: 'accepted',
  date,
  method: 'verbal',
  disclosures: ALL_DISCLOSURES,
});

type ConsentAnswer = { consent: PatientConsent; history: { items: ConsentEntry[]; next_cursor: string | null } };
const consentOf = async (patientId: string, query = '') =>
  call<ConsentAnswer>(stack, 'GET', `/patients/${patientId}/consent${query}`, { token: nurse });
const record = (patientId: string, body: unknown, token = nurse) =>
  call<{ consent: PatientConsent; entry: ConsentEntry }>(stack, 'POST', `/patients/${patientId}/consent`, {
    token,
    body,
  });
const patientOf = async (patientId: string) =>
  expectStatus(await call<{ patient: Patient }>(stack, 'GET', `/patients/${patientId}`, { token: nurse }), 200).patient;

describe('consent', () => {
  it('is asked in the add-patient wizard and written with the patient, by user id', async () => {
    const patient = await createPatient(stack, orgs.sunrise, { consent: accepted() }, nurse);
    expect(patient.consent).toEqual({ status: 'accepted', date: '2026-01-05' });

    const answer = expectStatus(await consentOf(patient.id), 200);
    expect(answer.consent).toEqual({ status: 'accepted', date: '2026-01-05' });
    expect(answer.history.items).toEqual([
      {
        id: expect.any(String),
        status: 'accepted',
        date: '2026-01-05',
        method: 'verbal',
        disclosures: ALL_DISCLOSURES,
        script_language: 'en',
        recorded_by: { user_id: nurseProfile.id, name: 'Nora Ellis' },
        recorded_at: expect.any(String),
      },
    ]);
    const { data } = await tableOf(stack).entities.consentRecord.query.byPatient({ patient_id: patient.id }).go();
    expect(data.map((c) => c.recorded_by)).toEqual([nurseProfile.id]);
    // The name of the time is on the record: the history needs no read of profiles to show it.
    expect(data.map((c) => c.recorded_by_name)).toEqual(['Nora Ellis']);
  });

  it("says the consent script was read in the patient's language: Spanish in the wizard and afterwards", async () => {
    const patient = await createPatient(stack, orgs.sunrise, { preferred_language: 'es', consent: accepted() }, nurse);
    expectStatus(await record(patient.id, { status: 'withdrawn', date: '2026-01-06', method: 'verbal' }), 201);
    const history = expectStatus(await consentOf(patient.id), 200).history.items;
    expect(history.map((c) => [c.status, c.script_language])).toEqual([
      ['withdrawn', 'es'],
      ['accepted', 'es'],
    ]);
    const { data } = await tableOf(stack).entities.consentRecord.query.byPatient({ patient_id: patient.id }).go();
    expect(data.map((c) => c.script_language)).toEqual(['es', 'es']);
  });

  it('starts as not asked; changes keep their history, newest first, paged', async () => {
    const patient = await createPatient(stack, orgs.sunrise, {}, nurse);
    expect(patient.consent).toEqual({ status: 'not_asked', date: null });
    expect(expectStatus(await consentOf(patient.id), 200)).toEqual({
      consent: { status: 'not_asked', date: null },
      history: { items: [], next_cursor: null },
    });

    expectStatus(await record(patient.id, { status: 'declined', date: '2026-01-02' }), 201);
    expectStatus(await record(patient.id, accepted('2026-01-03')), 201);
    const withdrawn = expectStatus(
      await record(patient.id, { status: 'withdrawn', date: '2026-01-04', method: 'written' }),
      201,
    );
    expect(withdrawn.consent).toEqual({ status: 'withdrawn', date: '2026-01-04' });
    expect((await patientOf(patient.id)).consent).toEqual({ status: 'withdrawn', date: '2026-01-04' });

    const all = expectStatus(await consentOf(patient.id), 200).history;
    expect(all.items.map((c) => [c.status, c.date, c.method])).toEqual([
      ['withdrawn', '2026-01-04', 'written'],
      ['accepted', '2026-01-03', 'verbal'],
      ['declined', '2026-01-02', null],
    ]);
    const first = expectStatus(await consentOf(patient.id, '?limit=2'), 200).history;
    expect(first.items).toHaveLength(2);
    const second = expectStatus(await consentOf(patient.id, `?limit=2&cursor=${first.next_cursor ?? ''}`), 200);
    expect(second.history).toEqual({ items: [all.items[2]], next_cursor: null });
  });

  it('refuses an incomplete or future consent (400), and withdrawing what was never accepted (409)', async () => {
    const patient = await createPatient(stack, orgs.sunrise, {}, nurse);
    const refusals: [unknown, string][] = [
      [
        { ...accepted(), disclosures: ['service', 'cost_sharing', 'right_to_stop'] },
        CCM_MESSAGES.consentDisclosuresRequired,
      ],
      [{ ...accepted(), method: null }, CCM_MESSAGES.consentMethodRequired],
      [{ ...accepted(), date: '2026-02-30' }, CCM_MESSAGES.consentDateRequired],
      [accepted('2099-01-01'), CCM_MESSAGES.consentDateInFuture],
      [{ status: 'not_asked', date: '2026-01-01' }, CCM_MESSAGES.consentStatusRequired],
      [{ ...accepted(), disclosures: ['service', 'free_lunch'] }, CCM_MESSAGES.consentDisclosureInvalid],
    ];
    for (const [body, error] of refusals) {
      expect(await record(patient.id, body), error).toMatchObject({ status: 400, body: { error } });
    }
    expect(await record(patient.id, { status: 'withdrawn', date: '2026-01-04' })).toEqual({
      status: 409,
      body: { error: CCM_MESSAGES.consentNotAccepted, code: 'consent.not_accepted' },
    });
    // The wizard refuses a patient whose consent is incomplete: nothing is created.
    const refused = await call(stack, 'POST', '/patients', {
      token: nurse,
      body: {
        provider_id: orgs.sunrise,
        first_name: 'Half',
        last_name: 'Consent',
        email: uniqueEmail('half'),
        consent: { ...accepted(), method: undefined },
      },
    });
    expect(refused).toMatchObject({ status: 400, body: { error: CCM_MESSAGES.consentMethodRequired } });
    expect(expectStatus(await consentOf(patient.id), 200).history.items).toEqual([]);
  });

  it('keeps another organization out like a missing patient, and audits without clinical text', async () => {
    const patient = await createPatient(stack, orgs.sunrise, {}, nurse);
    const lakeside = await lakesideToken(stack);
    for (const answer of [
      await call(stack, 'GET', `/patients/${patient.id}/consent`, { token: lakeside }),
      await record(patient.id, accepted(), lakeside),
    ]) {
      expect(answer).toEqual({ status: 404, body: { error: 'Patient Not Found', code: 'patient.not_found' } });
    }
    expect(expectStatus(await consentOf(patient.id), 200).history.items).toEqual([]);
    const trail = await auditTrail(stack, `patient:${patient.id}`);
    expect(trail.filter((e) => e.action.startsWith('consent.')).map((e) => [e.action, e.outcome])).toEqual([
      ['consent.read', 'denied'],
      ['consent.record', 'denied'],
      ['consent.read', 'success'],
    ]);
  });
});

describe('monthly check-ins', () => {
  const fireJob = async (callLogId: string) => {
    const res = await fetch(`${stack.awsUrl}/local/jobs/place-scheduled-call/run`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ callLogId }),
    });
    expect(res.status).toBe(200);
  };
  const scheduledOf = async (patientId: string) =>
    expectStatus(await call<PatientCallsResponse>(stack, 'GET', `/patients/${patientId}/calls`, { token: nurse }), 200)
      .scheduled;

  it('wait for accepted consent (the check-in stays due, a day later), while staff may still call at once', async () => {
    const callable = await createCallablePatient(stack, orgs.sunrise, 6, nurse);
    const patientId = callable.id;
    // The cadence is set up after the patient exists: the wizard's outreach step, by API.
    const withOutreach = expectStatus(
      await call<{ patient: Patient }>(stack, 'POST', '/patients', {
        token: nurse,
        body: {
          provider_id: orgs.sunrise,
          first_name: 'Awaiting',
          last_name: 'Consent',
          email: uniqueEmail('awaiting'),
          phone_number: callableNumber(7),
          outreach: { first_outreach_date: '2030-01-15', time_preference: 'afternoon' },
        },
      }),
      201,
    ).patient;
    const [checkIn] = await scheduledOf(withOutreach.id);
    expect(checkIn).toMatchObject({ kind: 'monthly' });
    // 15:00 in New York on a day of the window (docs/capacity-planning.md).
    expect(checkInWindow('2030-01-15').map((day) => `${day}T20:00:00.000Z`)).toContain(checkIn!.scheduled_at);

    const before = Date.now();
    await fireJob(checkIn!.id);
    const [waiting] = await scheduledOf(withOutreach.id);
    expect(waiting).toMatchObject({ id: checkIn!.id, status: 'scheduled', kind: 'monthly' });
    const again = Date.parse(waiting!.scheduled_at ?? '');
    expect(again).toBeGreaterThan(before + 20 * 60 * 60 * 1000);
    expect(again).toBeLessThan(before + 3 * 24 * 60 * 60 * 1000);
    const { data } = await tableOf(stack).entities.callLog.get({ call_log_id: checkIn!.id }).go();
    expect(data?.vendor_call_id).toBeUndefined();

    // An instant call needs no consent (product-rules.md "Care management (CCM)": staff may call to ask for it).
    expectStatus(
      await call<{ call: CallLogSummary }>(stack, 'POST', `/patients/${patientId}/calls`, { token: nurse }),
      201,
    );

    expectStatus(await record(withOutreach.id, accepted()), 201);
    await fireJob(checkIn!.id);
    const placed = await eventually(
      async () =>
        expectStatus(await call<{ call: CallLogSummary }>(stack, 'GET', `/calls/${checkIn!.id}`, { token: nurse }), 200)
          .call,
      (c) => c.status === 'completed' || c.status === 'failed',
    );
    expect(placed).toMatchObject({ status: 'completed', kind: 'monthly' });
  }, 60_000);
});

describe('structured care plan', () => {
  const diabetes = { code: 'e11.9', description: 'Type 2 diabetes mellitus without complications' };
  const hypertension = { code: 'I10', description: 'Essential (primary) hypertension' };
  const plan = {
    conditions: [diabetes],
    expected_outcome: ' Stable with adherence. ',
    goals: ['A1c below 7.0%', 'Walk 20 minutes a day'],
    symptom_management: 'Ask about thirst and dizziness.',
    interventions: 'Monthly check-in.',
    medications: [{ name: 'Metformin', dose: '500 mg', instructions: 'Twice daily' }],
    note: 'Prefers mornings.',
  };
  const send = (method: string, patientId: string, body: unknown) =>
    call<{ carePlan: CarePlan }>(stack, method, `/patients/${patientId}/care-plan`, { token: nurse, body });

  it('saves conditions (codes upper case), goals and medications; the patient counts its conditions', async () => {
    const patient = await createPatient(stack, orgs.sunrise, {}, nurse);
    expect(patient).toMatchObject({ conditionCount: 0, ccmEligible: false });

    const created = expectStatus(await send('POST', patient.id, plan), 201).carePlan;
    expect(created).toMatchObject({
      conditions: [{ code: 'E11.9', description: diabetes.description }],
      expected_outcome: 'Stable with adherence.',
      goals: plan.goals,
      medications: plan.medications,
      note: 'Prefers mornings.',
      version: 1,
    });
    expect(await patientOf(patient.id)).toMatchObject({ conditionCount: 1, ccmEligible: false });

    const updated = expectStatus(
      await send('PUT', patient.id, { ...plan, conditions: [diabetes, hypertension], version: 1 }),
      200,
    ).carePlan;
    expect(updated.conditions.map((c) => c.code)).toEqual(['E11.9', 'I10']);
    expect(await patientOf(patient.id)).toMatchObject({ conditionCount: 2, ccmEligible: true });
    const listed = expectStatus(
      await call<{ items: Patient[] }>(
        stack,
        'GET',
        `/providers/${orgs.sunrise}/patients?search=${patient.last_name}`,
        {
          token: nurse,
        },
      ),
      200,
    ).items;
    expect(listed.find((p) => p.id === patient.id)).toMatchObject({ conditionCount: 2, ccmEligible: true });

    const revisions = expectStatus(
      await call<DocumentRevisionPage>(stack, 'GET', `/patients/${patient.id}/care-plan/revisions`, { token: nurse }),
      200,
    ).items;
    expect(revisions.map((r) => [r.version, r.content, r.plan?.conditions.length])).toEqual([
      [2, 'Prefers mornings.', 2],
      [1, 'Prefers mornings.', 1],
    ]);
  });

  it('refuses a malformed ICD-10-CM code, a repeated condition and an empty goal (400), saving nothing', async () => {
    const patient = await createPatient(stack, orgs.sunrise, {}, nurse);
    const refusals: [unknown, string][] = [
      [{ ...plan, conditions: [{ code: 'E11..9', description: 'Diabetes' }] }, CONDITION_MESSAGES.codeInvalid],
      [{ ...plan, conditions: [{ code: '123', description: 'Not a code' }] }, CONDITION_MESSAGES.codeInvalid],
      [{ ...plan, conditions: [diabetes, { ...diabetes, code: 'E11.9' }] }, CCM_MESSAGES.conditionDuplicate],
      [{ ...plan, goals: ['  '] }, CCM_MESSAGES.goalRequired],
      [{ ...plan, medications: [{ name: '', dose: '1 mg' }] }, CCM_MESSAGES.medicationNameRequired],
      [{ note: 'No conditions field' }, CCM_MESSAGES.conditionsRequired],
    ];
    for (const [body, error] of refusals) {
      expect(await send('POST', patient.id, body), error).toMatchObject({ status: 400, body: { error } });
    }
    expect(expectStatus(await send('GET', patient.id, undefined), 200)).toEqual({ carePlan: null });
    expect(await patientOf(patient.id)).toMatchObject({ conditionCount: 0 });
  });

  it('reads a plan saved before plans were structured as its note, and the next save writes the structure', async () => {
    const patient = await createPatient(stack, orgs.sunrise, {}, nurse);
    await tableOf(stack)
      .entities.carePlan.create({
        document_id: `legacy-${patient.id}`,
        patient_id: patient.id,
        provider_id: orgs.sunrise,
        content: 'Goals: walk daily.\nMedications: Metformin 500 mg.',
        created_at: '2025-01-02T09:30:00.000Z',
        created_by_user_id: nurseProfile.id,
        updated_at: '2025-01-02T09:30:00.000Z',
        updated_by_user_id: nurseProfile.id,
        version: 3,
      })
      .go();
    const legacy = expectStatus(await send('GET', patient.id, undefined), 200).carePlan;
    expect(legacy).toMatchObject({
      conditions: [],
      expected_outcome: '',
      goals: [],
      symptom_management: '',
      interventions: '',
      medications: [],
      note: 'Goals: walk daily.\nMedications: Metformin 500 mg.',
      version: 3,
    });
    const saved = expectStatus(
      await send('PUT', patient.id, { ...legacy, conditions: [diabetes, hypertension], version: 3 }),
      200,
    ).carePlan;
    expect(saved).toMatchObject({ note: legacy.note, version: 4 });
    const { data } = await tableOf(stack).entities.carePlan.get({ patient_id: patient.id }).go();
    expect(JSON.parse(data?.plan ?? '{}')).toMatchObject({ conditions: [{ code: 'E11.9' }, { code: 'I10' }] });
    expect(await patientOf(patient.id)).toMatchObject({ ccmEligible: true });
  });
});

describe('care roles and billing practitioners', () => {
  it('are set by operators; /me answers the care role; a patient takes only a billing practitioner of its organization', async () => {
    const operator = await operatorToken(stack);
    const org = await createOrganization(stack);
    const other = await createOrganization(stack);
    const doctor = await createUser(stack, { provider_id: org.id, care_role: 'billing_practitioner' });
    const assistant = await createUser(stack, { provider_id: org.id });
    const elsewhere = await createUser(stack, { provider_id: other.id, care_role: 'billing_practitioner' });
    expect([doctor.care_role, assistant.care_role, elsewhere.care_role]).toEqual([
      'billing_practitioner',
      'clinical_staff',
      'billing_practitioner',
    ]);
    const changed = expectStatus(
      await call<{ user: UserProfile }>(stack, 'PUT', `/users/${assistant.id}`, {
        token: operator,
        body: {
          email: assistant.email,
          first_name: assistant.first_name,
          last_name: assistant.last_name,
          role: 'provider',
          provider_id: org.id,
          care_role: 'non_clinical',
        },
      }),
      200,
    ).user;
    expect(changed.care_role).toBe('non_clinical');
    expect(
      await call(stack, 'PUT', `/users/${assistant.id}`, {
        token: operator,
        body: { ...changed, care_role: 'surgeon' },
      }),
    ).toMatchObject({ status: 400, body: { error: CCM_MESSAGES.careRoleInvalid } });
    expect(expectStatus(await call<UserProfile>(stack, 'GET', '/me', { token: nurse }), 200)).toMatchObject({
      care_role: expect.any(String),
      careRole: expect.any(String),
    });

    const patient = await createPatient(stack, org.id, { billing_practitioner_id: doctor.id });
    expect(patient.billingPractitionerId).toBe(doctor.id);
    for (const wrong of [assistant.id, elsewhere.id, '00000000-0000-4000-8000-000000000000']) {
      expect(
        await call(stack, 'PUT', `/patients/${patient.id}`, {
          token: operator,
          body: { email: patient.email, first_name: 'P', last_name: 'Q', billing_practitioner_id: wrong },
        }),
      ).toEqual({
        status: 400,
        body: { error: CCM_MESSAGES.billingPractitionerInvalid, code: 'request.invalid.billing_practitioner_id' },
      });
    }
    const cleared = expectStatus(
      await call<{ patient: Patient }>(stack, 'PUT', `/patients/${patient.id}`, {
        token: operator,
        body: { email: patient.email, first_name: 'P', last_name: 'Q', billing_practitioner_id: null },
      }),
      200,
    ).patient;
    expect(cleared.billingPractitionerId).toBeNull();
  });
});
