/**
 * The CCM time log and the monthly billing report on the local stack (DynamoDB Local, cognito-local,
 * the local gateway): entries and corrections with their running totals, the rules on minutes and
 * days, care roles, AI contacts from completed calls, the report, its CSV, and a billed month frozen.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  BILLING_MESSAGES,
  CARE_TIME_MESSAGES,
  type BillingReportAnswer,
  type TimeEntriesAnswer,
} from '../../shared/care-time';
import type { CareRole } from '../../shared/roles';
import { todayIn } from '../../shared/time-preferences';
import { call, tokenFor } from '../support/api';
import {
  createCallablePatient,
  createPatient,
  demoOrganizations,
  eventually,
  expectStatus,
  lakesideToken,
  operatorToken,
  postVapiWebhook,
  sunriseToken,
  tableOf,
} from '../support/fixtures';
import { endOfCallReport } from '../support/vapi-messages';

const stack = inject('stack');

interface Entry {
  id: string;
  minutes: number;
  counts_as: string;
  voids: { id: string; reason: string } | null;
}
type Created = { entry: Entry; totals: TimeEntriesAnswer['totals'] };

let sunrise: string;
let lakeside: string;
let nurse: string;
let timezone: string;
let today: string;
let month: string;

const logTime = (token: string, patientId: string, body: Record<string, unknown>) =>
  call<Created>(stack, 'POST', `/patients/${patientId}/time-entries`, { token, body });
const entriesOf = async (patientId: string, query = '') =>
  expectStatus(
    await call<TimeEntriesAnswer>(stack, 'GET', `/patients/${patientId}/time-entries${query}`, { token: nurse }),
    200,
  );

/** What staff record elsewhere (consent, the care plan's conditions, the practitioner), written as stored. */
async function makeEligible(patientId: string, fields: { billingPractitioner?: string } = {}) {
  await tableOf(stack)
    .entities.patient.patch({ patient_id: patientId })
    .set({
      consent_status: 'accepted',
      consent_date: today,
      condition_count: 2,
      ...(fields.billingPractitioner ? { billing_practitioner_id: fields.billingPractitioner } : {}),
    })
    .go();
}

/** A Sunrise provider user with a care role (as set in the user form). */
async function staffWith(careRole: CareRole): Promise<{ token: string; id: string }> {
  const token = await tokenFor(stack, 'provider', sunrise);
  const me = expectStatus(await call<{ id: string }>(stack, 'GET', '/me', { token }), 200);
  await tableOf(stack).entities.userProfile.patch({ user_id: me.id }).set({ care_role: careRole }).go();
  return { token, id: me.id };
}

beforeAll(async () => {
  ({ sunrise, lakeside } = await demoOrganizations(stack));
  nurse = await sunriseToken(stack);
  const org = expectStatus(
    await call<{ provider: { timezone: string } }>(stack, 'GET', `/providers/${sunrise}`, { token: nurse }),
    200,
  );
  timezone = org.provider.timezone;
  today = todayIn(timezone, new Date());
  month = today.slice(0, 7);
});

describe('POST /patients/{patientId}/time-entries', () => {
  it('appends an entry by the signed-in nurse and adds its minutes to the month', async () => {
    const patient = await createPatient(stack, sunrise);

    const first = expectStatus(
      await logTime(nurse, patient.id, { minutes: 12, activity: 'Care plan review', source: 'timer' }),
      201,
    );
    const second = expectStatus(
      await logTime(nurse, patient.id, { minutes: 9, activity: 'Medication reconciliation', note: 'Checked doses' }),
      201,
    );

    expect(first.entry).toMatchObject({
      minutes: 12,
      source: 'timer',
      counts_as: 'staff',
      care_role: 'clinical_staff',
    });
    expect(second.totals).toMatchObject({ staff_minutes: 21, practitioner_minutes: 0, ai_contacts: 0 });
    const listed = await entriesOf(patient.id);
    expect(listed).toMatchObject({ month, totals: { staff_minutes: 21 }, billed: null, next_cursor: null });
    expect(listed.items.map((e) => e.minutes)).toEqual([9, 12]);
    expect(listed.items[0]).toMatchObject({ date: today, note: 'Checked doses', user_name: 'Nora Ellis' });
  });

  it.each([
    [{ minutes: 0, activity: 'Care coordination' }, CARE_TIME_MESSAGES.minutesInvalid],
    [{ minutes: -5, activity: 'Care coordination' }, CARE_TIME_MESSAGES.minutesInvalid],
    [{ minutes: 2.5, activity: 'Care coordination' }, CARE_TIME_MESSAGES.minutesInvalid],
    [{ minutes: 1441, activity: 'Care coordination' }, CARE_TIME_MESSAGES.minutesInvalid],
    [{ minutes: '30', activity: 'Care coordination' }, CARE_TIME_MESSAGES.minutesInvalid],
    [{ minutes: 5 }, CARE_TIME_MESSAGES.activityRequired],
    [{ minutes: 5, activity: 'Care coordination', date: '2999-01-01' }, CARE_TIME_MESSAGES.dateInFuture],
    [{ minutes: 5, activity: 'Care coordination', date: '2020-01-15' }, CARE_TIME_MESSAGES.dateBeforeEnrollment],
    [{ minutes: 5, activity: 'Care coordination', date: '2026-02-30' }, CARE_TIME_MESSAGES.dateInvalid],
    [{ voids: 'not-an-entry', reason: 'Typo' }, CARE_TIME_MESSAGES.entryIdInvalid],
  ])('refuses %j with 400 and writes nothing', async (body, message) => {
    const patient = await createPatient(stack, sunrise);

    const answer = await logTime(nurse, patient.id, body);

    expect(answer).toMatchObject({
      status: 400,
      body: { error: message, code: expect.stringMatching(/^request\.invalid/) },
    });
    expect((await entriesOf(patient.id)).items).toEqual([]);
  });

  it("refuses a day past 24 hours of one person's entries for the patient", async () => {
    const patient = await createPatient(stack, sunrise);
    expectStatus(await logTime(nurse, patient.id, { minutes: 1000, activity: 'Care coordination' }), 201);

    const over = await logTime(nurse, patient.id, { minutes: 441, activity: 'Care coordination' });
    const fits = await logTime(nurse, patient.id, { minutes: 440, activity: 'Care coordination' });

    expect(over).toMatchObject({ status: 400, body: { error: CARE_TIME_MESSAGES.dayLimit } });
    expect(fits.status).toBe(201);
    expect((await entriesOf(patient.id)).totals.staff_minutes).toBe(1440);
  });

  it("answers another organization's patient like a missing one", async () => {
    const theirs = await createPatient(stack, lakeside);

    const answer = await logTime(nurse, theirs.id, { minutes: 5, activity: 'Care coordination' });

    expect(answer).toEqual({ status: 404, body: { error: 'Patient Not Found', code: 'patient.not_found' } });
    const lakesideView = await call<TimeEntriesAnswer>(stack, 'GET', `/patients/${theirs.id}/time-entries`, {
      token: await lakesideToken(stack),
    });
    expect(expectStatus(lakesideView, 200).items).toEqual([]);
  });

  it('lets no operator log time (CareLoop staff are not the practice)', async () => {
    const patient = await createPatient(stack, sunrise);

    const answer = await logTime(await operatorToken(stack), patient.id, { minutes: 5, activity: 'Care coordination' });

    expect(answer).toMatchObject({ status: 403, body: { code: 'auth.forbidden' } });
  });

  it('counts by care role: practitioner time only for the patient’s own billing practitioner', async () => {
    const [practitioner, otherPractitioner, frontDesk] = await Promise.all([
      staffWith('billing_practitioner'),
      staffWith('billing_practitioner'),
      staffWith('non_clinical'),
    ]);
    const patient = await createPatient(stack, sunrise);
    await makeEligible(patient.id, { billingPractitioner: practitioner.id });

    const own = expectStatus(
      await logTime(practitioner.token, patient.id, { minutes: 30, activity: 'Care plan review' }),
      201,
    );
    const other = expectStatus(
      await logTime(otherPractitioner.token, patient.id, { minutes: 7, activity: 'Care coordination' }),
      201,
    );
    const desk = expectStatus(await logTime(frontDesk.token, patient.id, { minutes: 4, activity: 'Scheduling' }), 201);

    expect([own.entry.counts_as, other.entry.counts_as, desk.entry.counts_as]).toEqual([
      'practitioner',
      'staff',
      'none',
    ]);
    expect(desk.totals).toMatchObject({ staff_minutes: 7, practitioner_minutes: 30, non_clinical_minutes: 4 });
  });
});

describe('corrections', () => {
  it('voids an entry once: its minutes stop counting, the log keeps both lines', async () => {
    const patient = await createPatient(stack, sunrise);
    const wrong = expectStatus(await logTime(nurse, patient.id, { minutes: 50, activity: 'Care coordination' }), 201);
    expectStatus(await logTime(nurse, patient.id, { minutes: 5, activity: 'Care coordination' }), 201);

    const corrected = await logTime(nurse, patient.id, { voids: wrong.entry.id, reason: 'Typed 50 instead of 5' });
    const again = await logTime(nurse, patient.id, { voids: wrong.entry.id, reason: 'Twice' });

    expect(expectStatus(corrected, 201)).toMatchObject({
      entry: {
        id: `${wrong.entry.id}~void`,
        minutes: 50,
        voids: { id: wrong.entry.id, reason: 'Typed 50 instead of 5' },
      },
      totals: { staff_minutes: 5 },
    });
    expect(again).toMatchObject({ status: 409, body: { error: CARE_TIME_MESSAGES.alreadyVoided } });
    const listed = await entriesOf(patient.id);
    expect(listed.items.map((e) => e.id)).toEqual(expect.arrayContaining([wrong.entry.id, `${wrong.entry.id}~void`]));
    expect(listed.totals.staff_minutes).toBe(5);
  });

  it('answers 404 for an entry the patient does not have', async () => {
    const patient = await createPatient(stack, sunrise);

    const answer = await logTime(nurse, patient.id, { voids: `${month}_20260101T000000000Z-00000000`, reason: 'Gone' });

    expect(answer).toMatchObject({ status: 404, body: { error: CARE_TIME_MESSAGES.entryNotFound } });
  });
});

describe('AI contacts', () => {
  it('counts a completed call once as a contact, never as staff minutes, even when its report is replayed', async () => {
    const patient = await createCallablePatient(stack, sunrise);
    const placed = expectStatus(
      await call<{ call: { id: string } }>(stack, 'POST', `/patients/${patient.id}/calls`, { token: nurse }),
      201,
    ).call;
    type Detail = { call: { status: string; duration: number | null } };
    const done = await eventually(
      async () => (await call<Detail>(stack, 'GET', `/calls/${placed.id}`, { token: nurse })).body,
      (b) => b.call.status === 'completed',
    );

    const replay = await postVapiWebhook(stack, endOfCallReport(placed.id, { seconds: 600 }));

    expect(replay.status).toBe(200);
    const { totals } = await entriesOf(patient.id);
    expect(totals).toMatchObject({ ai_contacts: 1, staff_minutes: 0, practitioner_minutes: 0 });
    expect(totals.ai_minutes).toBe(Math.ceil((done.call.duration ?? 0) / 60));
  });
});

describe('the billing report', () => {
  const reportOf = async (query: string) =>
    expectStatus(
      await call<BillingReportAnswer>(stack, 'GET', `/providers/${sunrise}/billing-report${query}`, { token: nurse }),
      200,
    );
  /** Every row of the month, page by page. */
  async function allRows(query = '', ofMonth = month) {
    const rows: BillingReportAnswer['items'] = [];
    let cursor: string | null = null;
    do {
      const page: BillingReportAnswer = await reportOf(
        `?month=${ofMonth}&limit=100${query}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      rows.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    return rows;
  }

  it('lists each patient once: codes once the documentation supports them, enrolled patients with no time too', async () => {
    const [billable, below, idle] = await Promise.all([1, 2, 3].map(() => createPatient(stack, sunrise)));
    await Promise.all([makeEligible(billable!.id), makeEligible(below!.id)]);
    expectStatus(await logTime(nurse, billable!.id, { minutes: 22, activity: 'Care coordination' }), 201);
    expectStatus(await logTime(nurse, below!.id, { minutes: 19, activity: 'Care coordination' }), 201);

    const rows = await allRows();
    const ready = await allRows('&ready=true');

    const row = (id: string) => rows.filter((r) => r.patient_id === id);
    expect(row(billable!.id)).toEqual([
      expect.objectContaining({
        staff_minutes: 22,
        conditions: 2,
        codes: [expect.objectContaining({ code: '99490' })],
        ready: true,
      }),
    ]);
    expect(row(below!.id)).toEqual([expect.objectContaining({ staff_minutes: 19, codes: [], ready: false })]);
    expect(row(idle!.id)).toEqual([
      expect.objectContaining({
        staff_minutes: 0,
        conditions: 0,
        consent: { status: 'not_asked', date: null },
        codes: [],
      }),
    ]);
    expect(new Set(rows.map((r) => r.patient_id)).size).toBe(rows.length);
    expect(ready.map((r) => r.patient_id)).toContain(billable!.id);
    expect(ready.every((r) => r.ready)).toBe(true);
  });

  it('keeps a month billable after a later withdrawal: consent counts by its history, not only its latest change', async () => {
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const previous = monthNumber === 1 ? `${year - 1}-12` : `${year}-${String(monthNumber - 1).padStart(2, '0')}`;
    const patient = await createPatient(stack, sunrise);
    // Enrolled two months ago, with two conditions on the plan.
    await tableOf(stack)
      .entities.patient.patch({ patient_id: patient.id })
      .set({ created_at: `${previous}-01T12:00:00.000Z`, condition_count: 2 })
      .go();
    const consent = (body: Record<string, unknown>) =>
      call(stack, 'POST', `/patients/${patient.id}/consent`, { token: nurse, body });
    expectStatus(
      await consent({
        status: 'accepted',
        date: `${previous}-02`,
        method: 'written',
        disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
      }),
      201,
    );
    expectStatus(
      await logTime(nurse, patient.id, { minutes: 21, activity: 'Care coordination', date: `${previous}-03` }),
      201,
    );
    expectStatus(await consent({ status: 'withdrawn', date: today }), 201);

    const row = (await allRows('', previous)).find((r) => r.patient_id === patient.id);

    expect(row).toMatchObject({
      consent: { status: 'withdrawn', date: today },
      staff_minutes: 21,
      codes: [expect.objectContaining({ code: '99490' })],
      ready: true,
    });
  });

  it('marks a month billed once, which freezes its entries; a month with no codes cannot be billed', async () => {
    const [patient, bare] = await Promise.all([createPatient(stack, sunrise), createPatient(stack, sunrise)]);
    await makeEligible(patient.id);
    const entry = expectStatus(await logTime(nurse, patient.id, { minutes: 25, activity: 'Care coordination' }), 201);
    const rowPath = (id: string) => `/providers/${sunrise}/billing-report/${month}/patients/${id}`;

    const billed = await call<{ row: BillingReportAnswer['items'][number] }>(stack, 'PUT', rowPath(patient.id), {
      token: nurse,
      body: { billed: true },
    });
    const nothing = await call(stack, 'PUT', rowPath(bare.id), { token: nurse, body: { billed: true } });

    expect(expectStatus(billed, 200).row).toMatchObject({
      billed: { by_name: 'Nora Ellis', at: expect.any(String) },
      ready: false,
      codes: [expect.objectContaining({ code: '99490' })],
    });
    expect(nothing).toMatchObject({ status: 409, body: { error: BILLING_MESSAGES.nothingToBill } });
    for (const body of [
      { minutes: 5, activity: 'Care coordination' },
      { voids: entry.entry.id, reason: 'Late correction' },
    ]) {
      expect(await logTime(nurse, patient.id, body)).toEqual({
        status: 409,
        body: { error: CARE_TIME_MESSAGES.monthBilled, code: 'time_entry.month_billed' },
      });
    }
    for (const body of [{ billed: true }, { complex: true }]) {
      expect(await call(stack, 'PUT', rowPath(patient.id), { token: nurse, body })).toMatchObject({
        status: 409,
        body: { error: BILLING_MESSAGES.alreadyBilled },
      });
    }
    expect((await entriesOf(patient.id)).totals.staff_minutes).toBe(25);
  });

  it('reads complex codes once the complexity flag is set and 60 staff minutes are logged', async () => {
    const patient = await createPatient(stack, sunrise);
    await makeEligible(patient.id);
    expectStatus(await logTime(nurse, patient.id, { minutes: 65, activity: 'Care plan review' }), 201);

    const flagged = await call<{ row: BillingReportAnswer['items'][number] }>(
      stack,
      'PUT',
      `/providers/${sunrise}/billing-report/${month}/patients/${patient.id}`,
      { token: nurse, body: { complex: true } },
    );

    expect(expectStatus(flagged, 200).row).toMatchObject({
      complex: true,
      codes: [expect.objectContaining({ code: '99487' })],
    });
  });

  it('exports the same figures as CSV, safe to open in a spreadsheet', async () => {
    const patient = await createPatient(stack, sunrise, { first_name: '=HYPERLINK("x")', last_name: 'Doe, Jr' });
    expectStatus(await logTime(nurse, patient.id, { minutes: 14, activity: 'Care coordination' }), 201);

    const res = await fetch(`${stack.apiUrl}/providers/${sunrise}/billing-report.csv?month=${month}`, {
      headers: { Authorization: `Bearer ${nurse}` },
    });
    const csv = await res.text();

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename=careloop-ccm-${sunrise}-${month}.csv`);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Patient,Patient ID,Month,Consent,Consent date,Chronic conditions,Clinical staff minutes,Practitioner minutes,AI contacts,AI call minutes,Complex,Program,PCM condition,Codes,Expected payment (US$),Better under,Reason,Billed at,Billed by',
    );
    const line = lines.find((l) => l.includes(patient.id)) ?? '';
    expect(
      line.startsWith(`"'=HYPERLINK(""x"") Doe, Jr",${patient.id},${month},not_asked,,0,14,0,0,0,no,CCM,,,0.00,,`),
    ).toBe(true);
  });

  it('exports every row the report pages through, in the same order, an archived patient with time included', async () => {
    const [kept, archived, idle] = await Promise.all([
      createPatient(stack, sunrise),
      createPatient(stack, sunrise),
      createPatient(stack, sunrise),
    ]);
    expectStatus(await logTime(nurse, kept.id, { minutes: 9, activity: 'Care coordination' }), 201);
    expectStatus(await logTime(nurse, archived.id, { minutes: 6, activity: 'Care coordination' }), 201);
    expectStatus(await call(stack, 'DELETE', `/patients/${archived.id}`, { token: nurse }), 200);

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `month=${month}&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page: BillingReportAnswer = expectStatus(
        await call<BillingReportAnswer>(stack, 'GET', `/providers/${sunrise}/billing-report?${query}`, {
          token: nurse,
        }),
        200,
      );
      paged.push(...page.items.map((row) => row.patient_id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    const res = await fetch(`${stack.apiUrl}/providers/${sunrise}/billing-report.csv?month=${month}`, {
      headers: { Authorization: `Bearer ${nurse}` },
    });
    const exported = (await res.text())
      .split('\r\n')
      .slice(1)
      .flatMap((line) => /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(line)?.[0] ?? []);

    expect(exported).toEqual(paged);
    expect(exported).toEqual(expect.arrayContaining([kept.id, archived.id, idle.id]));
    expect(new Set(exported).size).toBe(exported.length);
  });

  it("answers another organization's report like a missing one, and refuses a malformed month", async () => {
    expect(await call(stack, 'GET', `/providers/${lakeside}/billing-report`, { token: nurse })).toEqual({
      status: 404,
      body: { error: 'Provider Not Found', code: 'provider.not_found' },
    });
    expect(
      await call(stack, 'GET', `/providers/${sunrise}/billing-report?month=2026-00`, { token: nurse }),
    ).toMatchObject({
      status: 400,
      body: { error: BILLING_MESSAGES.monthInvalid },
    });
  });

  it('serves operators, who pick the organization', async () => {
    const page = await call<BillingReportAnswer>(stack, 'GET', `/providers/${sunrise}/billing-report?limit=5`, {
      token: await operatorToken(stack),
    });

    expect(expectStatus(page, 200).items.length).toBeGreaterThan(0);
  });
});
