/**
 * Care transitions on the local stack (issue 26, the APCM element "care transitions"): staff record
 * a discharge or ED visit, the list shows it newest first with its follow-up (due until an
 * interactive contact, then followed up by it), refusals are 400s in words, another organization
 * sees nothing, operators read but do not record, and the APCM log marks care transitions itself
 * once an answered check-in call followed one up (within 30 days; not a transition of long ago).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApcmLogAnswer } from '../../shared/apcm';
import type { AuditPacket } from '../../shared/audit-packet';
import {
  TRANSITION_FACILITY_MAX_LENGTH,
  TRANSITION_MESSAGES,
  TRANSITION_NOTE_MAX_LENGTH,
  addBusinessDays,
  type TransitionAnswer,
  type TransitionsAnswer,
} from '../../shared/care-transitions';
import { addDays, todayIn } from '../../shared/time-preferences';
import { call } from '../support/api';
import {
  auditTrail,
  createCallablePatient,
  demoOrganizations,
  eventually,
  expectStatus,
  inboundText,
  lakesideToken,
  operatorToken,
  organizationOf,
  postTwilioWebhook,
  sunriseToken,
} from '../support/fixtures';

const stack = inject('stack');

let sunrise: string;
let nurse: string;
let today: string;

beforeAll(async () => {
  ({ sunrise } = await demoOrganizations(stack));
  nurse = await sunriseToken(stack);
  today = todayIn((await organizationOf(stack, sunrise)).timezone, new Date());
});

const record = (patientId: string, body: unknown, token = nurse) =>
  call<TransitionAnswer>(stack, 'POST', `/patients/${patientId}/transitions`, { token, body });
const list = async (patientId: string, query = '', token = nurse) =>
  expectStatus(
    await call<TransitionsAnswer>(stack, 'GET', `/patients/${patientId}/transitions${query}`, { token }),
    200,
  );
const apcmLog = async (patientId: string, month: string) =>
  expectStatus(
    await call<ApcmLogAnswer>(stack, 'GET', `/patients/${patientId}/apcm-log?month=${month}`, { token: nurse }),
    200,
  ).apcm_log;

/** Places a check-in call for the patient and waits until the simulator answered it. */
async function answeredCall(patientId: string): Promise<string> {
  const placed = expectStatus(
    await call<{ call: { id: string } }>(stack, 'POST', `/patients/${patientId}/calls`, { token: nurse }),
    201,
  ).call;
  await eventually(
    async () => (await call<{ call: { status: string } }>(stack, 'GET', `/calls/${placed.id}`, { token: nurse })).body,
    (b) => b.call.status === 'completed',
  );
  return placed.id;
}

describe('recording and listing', () => {
  it('records a discharge (trimmed, audited) and lists it newest first, due until a contact', async () => {
    const patient = await createCallablePatient(stack, sunrise);
    expect(await list(patient.id)).toEqual({ items: [], next_cursor: null });

    const older = expectStatus(
      await record(patient.id, { kind: 'ed_visit', date: addDays(today, -5) }),
      201,
    ).transition;
    expect(older).toMatchObject({ kind: 'ed_visit', facility: null, note: null, recorded_by_name: 'Nora Ellis' });
    const newer = expectStatus(
      await record(patient.id, {
        kind: 'hospital_discharge',
        date: today,
        facility: '  St. Mary Medical Center  ',
        note: 'Discharge summary by fax.\nFollow up on the new diuretic.',
      }),
      201,
    ).transition;
    expect(newer).toMatchObject({
      kind: 'hospital_discharge',
      date: today,
      facility: 'St. Mary Medical Center',
      note: 'Discharge summary by fax.\nFollow up on the new diuretic.',
      follow_up: { status: 'due', due_by: addBusinessDays(today, 2) },
    });

    const page = await list(patient.id);
    expect(page.items.map((t) => t.id)).toEqual([newer.id, older.id]);
    // Five days back is past its 2 business days, and nobody has reached the patient.
    expect(page.items[1]?.follow_up).toEqual({ status: 'overdue', due_by: addBusinessDays(addDays(today, -5), 2) });
    // Paged: one at a time, the cursor leads on.
    const first = await list(patient.id, '?limit=1');
    expect(first.items.map((t) => t.id)).toEqual([newer.id]);
    const second = await list(patient.id, `?limit=1&cursor=${first.next_cursor ?? ''}`);
    expect(second.items.map((t) => t.id)).toEqual([older.id]);

    // Audited with the kind and date only: no facility or note in the trail.
    const trail = await auditTrail(stack, `patient:${patient.id}`);
    const creates = trail.filter((e) => e.action === 'transition.create' && e.outcome === 'success');
    expect(creates).toHaveLength(2);
    expect(JSON.stringify(creates)).not.toContain('St. Mary');
    expect(trail.some((e) => e.action === 'transition.list' && e.outcome === 'success')).toBe(true);
  });

  it.each([
    ['no kind', { date: '2026-01-05' }, TRANSITION_MESSAGES.kindInvalid],
    ['an unknown kind', { kind: 'house_call', date: '2026-01-05' }, TRANSITION_MESSAGES.kindInvalid],
    ['no date', { kind: 'ed_visit' }, TRANSITION_MESSAGES.dateInvalid],
    ['a date not written YYYY-MM-DD', { kind: 'ed_visit', date: '12/03/2026' }, TRANSITION_MESSAGES.dateInvalid],
    ['a date that does not exist', { kind: 'ed_visit', date: '2026-02-30' }, TRANSITION_MESSAGES.dateInvalid],
    [
      'a facility too long',
      { kind: 'ed_visit', date: '2026-01-05', facility: 'x'.repeat(TRANSITION_FACILITY_MAX_LENGTH + 1) },
      TRANSITION_MESSAGES.facilityTooLong,
    ],
    [
      'a note too long',
      { kind: 'ed_visit', date: '2026-01-05', note: 'x'.repeat(TRANSITION_NOTE_MAX_LENGTH + 1) },
      TRANSITION_MESSAGES.noteTooLong,
    ],
  ])('refuses %s with a 400 in words', async (_case, body, message) => {
    const patient = await createCallablePatient(stack, sunrise);
    const answer = await record(patient.id, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: message, code: expect.any(String) });
  });

  it('refuses a date after the organization’s today and one more than a year back', async () => {
    const patient = await createCallablePatient(stack, sunrise);
    const future = await record(patient.id, { kind: 'ed_visit', date: addDays(today, 1) });
    expect(future).toMatchObject({ status: 400, body: { error: TRANSITION_MESSAGES.dateInFuture } });
    const old = await record(patient.id, { kind: 'ed_visit', date: addDays(today, -366) });
    expect(old).toMatchObject({ status: 400, body: { error: TRANSITION_MESSAGES.dateTooOld } });
    expectStatus(await record(patient.id, { kind: 'ed_visit', date: addDays(today, -365) }), 201);
    expect((await list(patient.id)).items).toHaveLength(1);
  });

  it('another organization gets 404 both ways; operators read but do not record', async () => {
    const patient = await createCallablePatient(stack, sunrise);
    expectStatus(await record(patient.id, { kind: 'snf_discharge', date: today }), 201);
    const lakeside = await lakesideToken(stack);
    expect(await call(stack, 'GET', `/patients/${patient.id}/transitions`, { token: lakeside })).toMatchObject({
      status: 404,
      body: { code: 'patient.not_found' },
    });
    expect(await record(patient.id, { kind: 'ed_visit', date: today }, lakeside)).toMatchObject({
      status: 404,
      body: { code: 'patient.not_found' },
    });
    const operator = await operatorToken(stack);
    expect((await list(patient.id, '', operator)).items).toHaveLength(1);
    expect(await record(patient.id, { kind: 'ed_visit', date: today }, operator)).toMatchObject({ status: 403 });
    expect((await list(patient.id)).items).toHaveLength(1);
  });
});

describe('the follow-up and the APCM log', () => {
  it('an answered check-in call follows the discharge up and marks care transitions in its month', async () => {
    const patient = await createCallablePatient(stack, sunrise);
    const discharge = expectStatus(
      await record(patient.id, { kind: 'hospital_discharge', date: today, facility: 'St. Mary' }),
      201,
    ).transition;
    // A discharge of long ago (past the 30 days) is followed up by the same call, late, but it is
    // not the month's care transition.
    const old = expectStatus(await record(patient.id, { kind: 'ed_visit', date: addDays(today, -40) }), 201).transition;
    const month = today.slice(0, 7);
    expect((await apcmLog(patient.id, month)).elements.find((e) => e.element === 'care_transitions')).toMatchObject({
      delivered: false,
      evidence: [],
    });

    const callId = await answeredCall(patient.id);

    const page = await list(patient.id);
    expect(page.items.find((t) => t.id === discharge.id)?.follow_up).toEqual({
      status: 'followed_up',
      due_by: addBusinessDays(today, 2),
      contact: { kind: 'check_in_call', id: callId, at: expect.any(String) },
      on: today,
      late: false,
    });
    expect(page.items.find((t) => t.id === old.id)?.follow_up).toMatchObject({ status: 'followed_up', late: true });

    const log = await apcmLog(patient.id, month);
    expect(log.elements.find((e) => e.element === 'care_transitions')).toMatchObject({
      delivered: true,
      evidence: [
        {
          kind: 'check_in_call',
          id: callId,
          at: expect.any(String),
          follows: { id: discharge.id, kind: 'hospital_discharge', date: today },
        },
      ],
      marks: [],
    });
    // The audit packet of the month shows the same evidence.
    const packet = expectStatus(
      await call<AuditPacket>(stack, 'GET', `/patients/${patient.id}/audit-packet?month=${month}`, { token: nurse }),
      200,
    );
    expect(packet.apcm_elements.find((e) => e.element === 'care_transitions')?.evidence).toEqual([
      expect.objectContaining({ id: callId, follows: { id: discharge.id, kind: 'hospital_discharge', date: today } }),
    ]);
  });

  it('a text from the patient on the discharge day follows it up', async () => {
    const patient = await createCallablePatient(stack, sunrise);
    // A reply reaches the patient's texts through the practice's text to them (the sender it came from).
    expectStatus(
      await call(stack, 'POST', `/patients/${patient.id}/texts`, { token: nurse, body: { body: 'Checking in' } }),
      201,
    );
    const reply = await postTwilioWebhook(stack, 'inbound', inboundText(patient.phone_number ?? '', 'Home now'));
    expect(reply.status).toBe(200);
    // A contact on the discharge day itself counts, even before the transition was recorded; the
    // text the practice sent is no contact.
    const discharge = expectStatus(await record(patient.id, { kind: 'observation_stay', date: today }), 201).transition;
    expect(discharge.follow_up).toMatchObject({ status: 'followed_up', contact: { kind: 'text_received' }, on: today });
  });
});
