/**
 * The APCM monthly log on the local stack (issue 26 items 2 and 5): an answered check-in call and a
 * text exchange mark their elements by themselves; staff mark and unmark their own with notes, one
 * version at a time, each save audited with the elements before and after; another organization
 * sees nothing; the audit packet lists the elements and the APCM code's rule trail counts them.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { APCM_LOG_MESSAGES, APCM_NOTE_MAX_LENGTH, type ApcmLogAnswer, type ApcmLogEntry } from '../../shared/apcm';
import type { AuditPacket } from '../../shared/audit-packet';
import { shiftMonth } from '../../shared/ccm/months';
import { todayIn } from '../../shared/time-preferences';
import { call, tokenFor } from '../support/api';
import {
  auditTrail,
  createCallablePatient,
  createPatient,
  completedCallFor,
  demoOrganizations,
  expectStatus,
  inboundText,
  lakesideToken,
  operatorToken,
  organizationOf,
  postTwilioWebhook,
  sunriseToken,
  tableOf,
} from '../support/fixtures';

const stack = inject('stack');

let sunrise: string;
let nurse: string;
let month: string;
let today: string;

beforeAll(async () => {
  ({ sunrise } = await demoOrganizations(stack));
  nurse = await sunriseToken(stack);
  today = todayIn((await organizationOf(stack, sunrise)).timezone, new Date());
  month = today.slice(0, 7);
});

const logOf = async (patientId: string, query = '', token = nurse) =>
  expectStatus(await call<ApcmLogAnswer>(stack, 'GET', `/patients/${patientId}/apcm-log${query}`, { token }), 200)
    .apcm_log;
const save = (patientId: string, body: unknown, token = nurse, ofMonth = month) =>
  call<ApcmLogAnswer>(stack, 'PUT', `/patients/${patientId}/apcm-log/${ofMonth}`, { token, body });
/**
 * Puts the patient under APCM from `from` (the care-program route would start it next month), with
 * consent and two conditions, so that the month bills G0557: only a month under APCM is logged.
 */
async function enrollApcm(patientId: string, from = month) {
  await tableOf(stack)
    .entities.patient.patch({ patient_id: patientId })
    .set({
      consent_status: 'accepted',
      consent_date: today,
      condition_count: 2,
      care_programs: [
        { program: 'apcm', from, set_at: new Date().toISOString(), set_by: 'u1', set_by_name: 'Nora Ellis' },
      ],
    })
    .go();
}
const entry = (log: { elements: ApcmLogEntry[] }, element: string) => log.elements.find((e) => e.element === element);
const delivered = (log: { elements: ApcmLogEntry[] }) => log.elements.filter((e) => e.delivered).map((e) => e.element);

describe('the elements CareLoop delivered', () => {
  it('an answered check-in call and a text exchange mark their elements, naming the call and the texts', async () => {
    const patient = await createCallablePatient(stack, sunrise);
    expect(delivered(await logOf(patient.id))).toEqual([]);

    const placed = await completedCallFor(stack, patient.id, nurse);
    const afterCall = await logOf(patient.id);
    expect(delivered(afterCall)).toEqual(['care_management']);
    expect(entry(afterCall, 'care_management')?.evidence).toEqual([
      { kind: 'check_in_call', id: placed.id, at: expect.any(String) },
    ]);

    // A text sent and no reply yet is a notice, not an exchange.
    expectStatus(
      await call(stack, 'POST', `/patients/${patient.id}/texts`, { token: nurse, body: { body: 'Checking in' } }),
      201,
    );
    expect(delivered(await logOf(patient.id))).toEqual(['care_management']);
    const reply = await postTwilioWebhook(stack, 'inbound', inboundText(patient.phone_number ?? '', 'Doing well'));
    expect(reply.status).toBe(200);

    const log = await logOf(patient.id, `?month=${month}`);
    expect(log).toMatchObject({ month, program: 'ccm', version: 0 });
    expect(delivered(log)).toEqual(['care_management', 'digital_communication']);
    expect(entry(log, 'digital_communication')?.evidence.map((e) => e.kind)).toEqual(['text_sent', 'text_received']);
    expect(entry(log, 'digital_communication')?.marks).toEqual([]);
    // The month before holds none of it.
    expect(delivered(await logOf(patient.id, `?month=${shiftMonth(month, -1)}`))).toEqual([]);
    // The read is audited as a read of the patient.
    const trail = await auditTrail(stack, `patient:${patient.id}`);
    expect(trail.filter((e) => e.action === 'apcm_log.read' && e.outcome === 'success').length).toBeGreaterThan(0);
  });
});

describe('staff marks', () => {
  it('staff mark and unmark their own elements with notes; CareLoop’s stay; each save audited with before and after', async () => {
    const patient = await createCallablePatient(stack, sunrise);
    await enrollApcm(patient.id);
    await completedCallFor(stack, patient.id, nurse);

    const first = expectStatus(
      await save(patient.id, {
        version: 0,
        elements: [
          { element: 'care_plan_shared', note: '  Printed and handed over at the visit ' },
          { element: 'care_management', note: 'Reviewed the call with the patient' },
        ],
      }),
      200,
    ).apcm_log;
    expect(first.version).toBe(1);
    expect(delivered(first)).toEqual(['care_management', 'care_plan_shared']);
    expect(entry(first, 'care_plan_shared')?.marks).toEqual([
      {
        user_id: expect.any(String),
        by_name: 'Nora Ellis',
        care_role: expect.any(String),
        at: expect.any(String),
        note: 'Printed and handed over at the visit',
      },
    ]);
    // CareLoop marked it too: the staff note adds to the call.
    expect(entry(first, 'care_management')?.evidence).toHaveLength(1);
    expect(entry(first, 'care_management')?.marks.map((m) => m.note)).toEqual(['Reviewed the call with the patient']);

    // A colleague marks their own element on the version they read.
    const colleague = await tokenFor(stack, 'provider', sunrise);
    const second = expectStatus(
      await save(patient.id, { version: 1, elements: [{ element: 'access_continuity' }] }, colleague),
      200,
    ).apcm_log;
    expect(second.version).toBe(2);
    expect(delivered(second)).toEqual(['access_continuity', 'care_management', 'care_plan_shared']);

    // A save on a version someone else moved past changes nothing.
    const stale = await save(patient.id, { version: 1, elements: [] });
    expect(stale).toMatchObject({ status: 409, body: { code: 'apcm_log.changed', error: APCM_LOG_MESSAGES.changed } });

    // The nurse unmarks hers: the colleague's mark stays, and CareLoop's call still delivers care management.
    const third = expectStatus(await save(patient.id, { version: 2, elements: [] }), 200).apcm_log;
    expect(third.version).toBe(3);
    expect(delivered(third)).toEqual(['access_continuity', 'care_management']);
    expect(entry(third, 'care_management')).toMatchObject({ marks: [], evidence: [expect.any(Object)] });
    expect(entry(third, 'access_continuity')?.marks).toHaveLength(1);
    expect(await logOf(patient.id)).toEqual(third);

    const updates = (await auditTrail(stack, `patient:${patient.id}`)).filter((e) => e.action === 'apcm_log.update');
    expect(
      updates
        .filter((e) => e.outcome === 'success')
        .map((e) => [e.version_before, e.version_after, e.values_before, e.values_after]),
    ).toEqual([
      [0, 1, [], ['care_management', 'care_plan_shared']],
      [1, 2, [], ['access_continuity']],
      [2, 3, ['care_management', 'care_plan_shared'], []],
    ]);
    // The refused save is on the trail too, and no note is ever in an audit event.
    expect(updates.filter((e) => e.outcome === 'invalid')).toHaveLength(1);
    expect(JSON.stringify(updates)).not.toContain('Printed');
  });

  it('refuses in words: a future month, an unknown element, a note too long, a bad month', async () => {
    const patient = await createPatient(stack, sunrise);
    await enrollApcm(patient.id);
    const future = await save(patient.id, { version: 0, elements: [] }, nurse, shiftMonth(month, 1));
    expect(future).toMatchObject({ status: 400, body: { error: APCM_LOG_MESSAGES.monthInFuture } });
    expect(await save(patient.id, { version: 0, elements: [{ element: 'house_calls' }] })).toMatchObject({
      status: 400,
      body: { error: APCM_LOG_MESSAGES.elementInvalid },
    });
    const long = {
      version: 0,
      elements: [{ element: 'care_transitions', note: 'x'.repeat(APCM_NOTE_MAX_LENGTH + 1) }],
    };
    expect(await save(patient.id, long)).toMatchObject({ status: 400, body: { error: APCM_LOG_MESSAGES.noteTooLong } });
    expect(await save(patient.id, { version: 0, elements: [] }, nurse, '2026-13')).toMatchObject({
      status: 400,
      body: { error: APCM_LOG_MESSAGES.monthInvalid },
    });
    expect(await call(stack, 'GET', `/patients/${patient.id}/apcm-log?month=26-11`, { token: nurse })).toMatchObject({
      status: 400,
      body: { error: APCM_LOG_MESSAGES.monthInvalid },
    });
    // Nothing was stored.
    expect(await logOf(patient.id)).toMatchObject({ version: 0 });
  });

  it('operators read and cannot mark; another organization finds no such patient', async () => {
    const patient = await createPatient(stack, sunrise);
    await enrollApcm(patient.id);
    expectStatus(await save(patient.id, { version: 0, elements: [{ element: 'population_management' }] }), 200);
    const operator = await operatorToken(stack);
    expect(delivered(await logOf(patient.id, '', operator))).toEqual(['population_management']);
    expect(await save(patient.id, { version: 1, elements: [] }, operator)).toMatchObject({ status: 403 });

    const lakeside = await lakesideToken(stack);
    const notFound = { status: 404, body: { code: 'patient.not_found' } };
    expect(await call(stack, 'GET', `/patients/${patient.id}/apcm-log`, { token: lakeside })).toMatchObject(notFound);
    expect(await save(patient.id, { version: 1, elements: [] }, lakeside)).toMatchObject(notFound);
    expect(await logOf(patient.id)).toMatchObject({ version: 1 });
  });
});

describe('a billed month, and a month not under APCM', () => {
  it('a billed month’s log is frozen: the save is refused 409 and nothing changes; every read says it is billed', async () => {
    const patient = await createPatient(stack, sunrise);
    await enrollApcm(patient.id);
    const first = expectStatus(
      await save(patient.id, { version: 0, elements: [{ element: 'care_plan_shared', note: 'Printed' }] }),
      200,
    ).apcm_log;
    expect(first).toMatchObject({ version: 1, billed_at: null });

    expectStatus(
      await call(stack, 'PUT', `/providers/${sunrise}/billing-report/${month}/patients/${patient.id}`, {
        token: nurse,
        body: { billed: true },
      }),
      200,
    );
    // Asked for by month (read with the access check), this month by default, and by an operator.
    const billed = await logOf(patient.id, `?month=${month}`);
    expect(billed).toEqual({ ...first, billed_at: expect.any(String) });
    expect(Date.now() - Date.parse(billed.billed_at ?? '')).toBeLessThan(5 * 60_000);
    expect(await logOf(patient.id)).toEqual(billed);
    expect(await logOf(patient.id, `?month=${month}`, await operatorToken(stack))).toEqual(billed);

    for (const body of [
      { version: 1, elements: [] },
      { version: 1, elements: [{ element: 'care_transitions' }] },
    ]) {
      expect(await save(patient.id, body)).toMatchObject({
        status: 409,
        body: { code: 'apcm_log.month_billed', error: APCM_LOG_MESSAGES.monthBilled },
      });
    }
    // A colleague with no mark yet is refused the same way, whatever version they send.
    const colleague = await tokenFor(stack, 'provider', sunrise);
    expect(
      await save(patient.id, { version: 1, elements: [{ element: 'access_continuity' }] }, colleague),
    ).toMatchObject({ status: 409, body: { code: 'apcm_log.month_billed' } });
    expect(await logOf(patient.id, `?month=${month}`)).toEqual(billed);
    const updates = (await auditTrail(stack, `patient:${patient.id}`)).filter((e) => e.action === 'apcm_log.update');
    expect(updates.filter((e) => e.outcome === 'success').map((e) => e.version_after)).toEqual([1]);
    expect(updates.filter((e) => e.outcome !== 'success')).toHaveLength(3);
  });

  it('a month not under APCM is refused in words: never enrolled, and the months before the enrolment', async () => {
    const patient = await createPatient(stack, sunrise);
    const notApcm = { status: 409, body: { code: 'apcm_log.not_apcm_month', error: APCM_LOG_MESSAGES.notApcmMonth } };
    // Under CCM (the default): this month is no APCM month.
    expect(await save(patient.id, { version: 0, elements: [{ element: 'care_management' }] })).toMatchObject(notApcm);
    expect(await logOf(patient.id)).toMatchObject({ program: 'ccm', version: 0, billed_at: null });

    // Enrolled from this month: the month before is still refused, this one is logged.
    await enrollApcm(patient.id, month);
    const before = shiftMonth(month, -1);
    expect(await save(patient.id, { version: 0, elements: [] }, nurse, before)).toMatchObject(notApcm);
    expect(await logOf(patient.id, `?month=${before}`)).toMatchObject({ program: 'ccm', version: 0 });
    expect(
      expectStatus(await save(patient.id, { version: 0, elements: [{ element: 'care_management' }] }), 200).apcm_log,
    ).toMatchObject({ program: 'apcm', version: 1 });
  });
});

describe('the audit packet', () => {
  it('lists the month’s APCM elements with their source, and the APCM code names how many were logged', async () => {
    const patient = await createCallablePatient(stack, sunrise);
    await enrollApcm(patient.id);
    const placed = await completedCallFor(stack, patient.id, nurse);
    expectStatus(
      await save(patient.id, {
        version: 0,
        elements: [{ element: 'community_coordination', note: 'Referred to the senior centre' }],
      }),
      200,
    );

    const packet = expectStatus(
      await call<AuditPacket>(stack, 'GET', `/patients/${patient.id}/audit-packet?month=${month}`, { token: nurse }),
      200,
    );
    expect(packet.program).toBe('apcm');
    expect(packet.apcm_elements).toEqual([
      { element: 'care_management', evidence: [expect.objectContaining({ id: placed.id })], marks: [] },
      {
        element: 'community_coordination',
        evidence: [],
        marks: [expect.objectContaining({ by_name: 'Nora Ellis', note: 'Referred to the senior centre' })],
      },
    ]);
    expect(packet.codes).toEqual([
      {
        code: 'G0557',
        minutes: 0,
        reason: 'APCM, 2 chronic conditions, consent accepted, 2 of 7 service elements logged this month',
      },
    ]);

    // A month with nothing logged: the section is empty ("None recorded" on the page).
    const before = expectStatus(
      await call<AuditPacket>(stack, 'GET', `/patients/${patient.id}/audit-packet?month=${shiftMonth(month, -1)}`, {
        token: nurse,
      }),
      200,
    );
    expect(before.apcm_elements).toEqual([]);
  });
});
