/**
 * Care programs on the local stack (issue 26 items 2 and 3): a practice's month billed under CCM,
 * PCM and APCM with payments by its fee schedule and "better under" hints, its CSV and summary; a
 * program change taking effect the next month; the fee schedule's guards.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CARE_PROGRAM_MESSAGES,
  FEE_SCHEDULE_MESSAGES,
  type BillingSummaryAnswer,
  type CareProgramAnswer,
} from '../../shared/care-program';
import type { AuditPacket } from '../../shared/audit-packet';
import type { BillingReportAnswer, BillingReportRow } from '../../shared/care-time';
import { shiftMonth } from '../../shared/ccm/months';
import { DEFAULT_RATES } from '../../shared/ccm/rates';
import type { CareRole } from '../../shared/roles';
import { todayIn } from '../../shared/time-preferences';
import { call, tokenFor } from '../support/api';
import {
  auditTrail,
  createOrganization,
  createPatient,
  expectStatus,
  lakesideToken,
  operatorToken,
  tableOf,
} from '../support/fixtures';

const stack = inject('stack');

let org: string;
let month: string;
let today: string;
let staff: string;

async function staffWith(careRole: CareRole): Promise<string> {
  const token = await tokenFor(stack, 'provider', org);
  const me = expectStatus(await call<{ id: string }>(stack, 'GET', '/me', { token }), 200);
  await tableOf(stack).entities.userProfile.patch({ user_id: me.id }).set({ care_role: careRole }).go();
  return token;
}

/** A consented patient with `conditions` on the care plan, enrolled (as stored) in a program since this month. */
async function patientIn(
  program: 'ccm' | 'pcm' | 'apcm' | null,
  fields: { conditions?: number; qmb?: boolean; minutes?: number } = {},
): Promise<string> {
  const patient = await createPatient(stack, org);
  await tableOf(stack)
    .entities.patient.patch({ patient_id: patient.id })
    .set({
      consent_status: 'accepted',
      consent_date: today,
      condition_count: fields.conditions ?? 2,
      ...(fields.qmb !== undefined ? { qmb: { status: fields.qmb, checked_on: today } } : {}),
      ...(program
        ? {
            care_programs: [
              {
                program,
                from: month,
                ...(program === 'pcm' ? { pcm_condition: 'I50.22' } : {}),
                set_at: new Date().toISOString(),
                set_by: 'u1',
                set_by_name: 'Nora Ellis',
              },
            ],
          }
        : {}),
    })
    .go();
  if (fields.minutes) {
    const body = { minutes: fields.minutes, activity: 'Care plan review' };
    expectStatus(await call(stack, 'POST', `/patients/${patient.id}/time-entries`, { token: staff, body }), 201);
  }
  return patient.id;
}

async function reportOf(reportMonth = month): Promise<Map<string, BillingReportRow>> {
  const answer = expectStatus(
    await call<BillingReportAnswer>(stack, 'GET', `/providers/${org}/billing-report?month=${reportMonth}&limit=100`, {
      token: staff,
    }),
    200,
  );
  return new Map(answer.items.map((r) => [r.patient_id, r]));
}

async function packetCodes(patient: string, packetMonth: string): Promise<string[]> {
  const packet = expectStatus(
    await call<AuditPacket>(stack, 'GET', `/patients/${patient}/audit-packet?month=${packetMonth}`, { token: staff }),
    200,
  );
  return packet.codes.map((c) => c.code);
}

beforeAll(async () => {
  const created = await createOrganization(stack);
  org = created.id;
  today = todayIn(created.timezone, new Date());
  month = today.slice(0, 7);
  staff = await staffWith('clinical_staff');
});

describe("a practice's month under three programs", () => {
  it('bills each patient under their program, prices it by the fee schedule and hints the program that pays more', async () => {
    const ccm = await patientIn(null, { minutes: 45 });
    const lowCcm = await patientIn(null, { minutes: 10 });
    const pcm = await patientIn('pcm', { conditions: 1, minutes: 35 });
    const apcm = await patientIn('apcm', { qmb: true, minutes: 65 });

    const rows = await reportOf();
    expect(rows.get(ccm)).toMatchObject({ program: 'ccm', payment: 106, better: null });
    expect(rows.get(ccm)?.codes.map((c) => c.code)).toEqual(['99490', '99439']);
    expect(rows.get(lowCcm)).toMatchObject({
      program: 'ccm',
      codes: [],
      payment: 0,
      better: { program: 'apcm', gain: 50 },
    });
    expect(rows.get(pcm)).toMatchObject({ program: 'pcm', pcm_condition: 'I50.22', payment: 61, better: null });
    expect(rows.get(pcm)?.codes.map((c) => c.code)).toEqual(['99426']);
    expect(rows.get(apcm)).toMatchObject({
      program: 'apcm',
      codes: [expect.objectContaining({ code: 'G0558' })],
      payment: 110,
      better: { program: 'ccm', payment: 152, gain: 42 },
    });

    const summary = expectStatus(
      await call<BillingSummaryAnswer>(stack, 'GET', `/providers/${org}/billing-summary?month=${month}`, {
        token: staff,
      }),
      200,
    );
    expect(summary).toEqual({
      month,
      patients: 4,
      payment: 277,
      switch: {
        patients: 2,
        gain: 92,
        by_program: { ccm: { patients: 1, gain: 42 }, pcm: { patients: 0, gain: 0 }, apcm: { patients: 1, gain: 50 } },
      },
    });

    const csv = await fetch(`${stack.apiUrl}/providers/${org}/billing-report.csv?month=${month}`, {
      headers: { Authorization: `Bearer ${staff}` },
    }).then((r) => r.text());
    const [header, ...lines] = csv.split('\r\n');
    expect(header).toContain(',Complex,Program,PCM condition,Codes,Expected payment (US$),Better under,Reason,');
    expect(lines.find((l) => l.includes(apcm))).toContain(',APCM,,G0558,110.00,CCM (+$42.00),');
    expect(lines.find((l) => l.includes(pcm))).toContain(',PCM,I50.22,99426,61.00,,');

    // The practice's own rates: the bundle pays more, and the hint follows.
    const rates = { ...DEFAULT_RATES, G0558: 130.25 };
    const operator = await operatorToken(stack);
    expectStatus(await call(stack, 'PUT', `/providers/${org}/fee-schedule`, { token: operator, body: { rates } }), 200);
    expect((await reportOf()).get(apcm)).toMatchObject({ payment: 130.25, better: { program: 'ccm', gain: 21.75 } });
  });
});

describe('PUT /patients/{patientId}/care-program', () => {
  it('takes a change of program from the next month, this month staying billed as before', async () => {
    const patient = await patientIn(null);
    const next = shiftMonth(month, 1);
    const saved = expectStatus(
      await call<CareProgramAnswer>(stack, 'PUT', `/patients/${patient}/care-program`, {
        token: staff,
        body: { program: 'apcm', qmb: { status: false, checked_on: today } },
      }),
      200,
    );
    expect(saved.care_program).toMatchObject({
      month,
      program: 'ccm',
      next: { program: 'apcm', from: next },
      qmb: { status: false, checked_on: today },
    });
    expect((await reportOf()).get(patient)).toMatchObject({ program: 'ccm', codes: [] });
    expect((await reportOf(next)).get(patient)).toMatchObject({
      program: 'apcm',
      codes: [expect.objectContaining({ code: 'G0557' })],
      payment: 50,
    });
    const read = expectStatus(
      await call<CareProgramAnswer>(stack, 'GET', `/patients/${patient}/care-program`, { token: staff }),
      200,
    );
    expect(read.care_program.history).toEqual([expect.objectContaining({ program: 'apcm', from: next })]);
    const events = await auditTrail(stack, `patient:${patient}`);
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['care_program.update', 'care_program.read']));
  });

  it("needs PCM's condition from the care plan, and refuses a QMB check in the future", async () => {
    const patient = await patientIn(null);
    const put = (body: unknown) => call(stack, 'PUT', `/patients/${patient}/care-program`, { token: staff, body });
    expect(await put({ program: 'pcm' })).toMatchObject({
      status: 400,
      body: { error: CARE_PROGRAM_MESSAGES.pcmConditionRequired },
    });
    expect(await put({ program: 'pcm', pcm_condition: 'I50.22' })).toMatchObject({
      status: 400,
      body: { error: CARE_PROGRAM_MESSAGES.pcmConditionNotOnPlan },
    });
    const plan = { conditions: [{ code: 'I50.22', description: 'Chronic systolic heart failure' }], note: '' };
    expectStatus(await call(stack, 'POST', `/patients/${patient}/care-plan`, { token: staff, body: plan }), 201);
    const saved = expectStatus(await put({ program: 'pcm', pcm_condition: 'i50.22' }), 200) as CareProgramAnswer;
    expect(saved.care_program.next).toMatchObject({ program: 'pcm', pcm_condition: 'I50.22' });
    expect(await put({ qmb: { status: true, checked_on: '2999-01-01' } })).toMatchObject({
      status: 400,
      body: { error: CARE_PROGRAM_MESSAGES.qmbDateInFuture },
    });
  });

  it('keeps every QMB check and prices each month by the check made by its end', async () => {
    const previous = shiftMonth(month, -1);
    const patient = await patientIn('apcm');
    // Enrolled in APCM since last month, checked then (before checks were kept) and found not a QMB.
    await tableOf(stack)
      .entities.patient.patch({ patient_id: patient })
      .set({
        consent_date: `${previous}-01`,
        qmb: { status: false, checked_on: `${previous}-01` },
        care_programs: [
          {
            program: 'apcm',
            from: previous,
            set_at: new Date().toISOString(),
            set_by: 'u1',
            set_by_name: 'Nora Ellis',
          },
        ],
      })
      .go();
    const saved = expectStatus(
      await call<CareProgramAnswer>(stack, 'PUT', `/patients/${patient}/care-program`, {
        token: staff,
        body: { qmb: { status: true, checked_on: today } },
      }),
      200,
    );
    expect(saved.care_program.qmb).toEqual({ status: true, checked_on: today });
    expect(saved.care_program.qmb_history).toEqual([
      { status: true, checked_on: today, set_at: expect.any(String), set_by_name: expect.any(String) },
      { status: false, checked_on: `${previous}-01`, set_at: null, set_by_name: null },
    ]);
    // Last month keeps last month's status; this month is a QMB's.
    expect(await packetCodes(patient, previous)).toEqual(['G0557']);
    expect(await packetCodes(patient, month)).toEqual(['G0558']);

    // A check back-dated to last month is kept, but today's stays the current status.
    const again = expectStatus(
      await call<CareProgramAnswer>(stack, 'PUT', `/patients/${patient}/care-program`, {
        token: staff,
        body: { qmb: { status: true, checked_on: `${previous}-02` } },
      }),
      200,
    );
    expect(again.care_program.qmb).toEqual({ status: true, checked_on: today });
    expect(again.care_program.qmb_history.map((c) => c.checked_on)).toEqual([
      `${previous}-02`,
      today,
      `${previous}-01`,
    ]);
    expect(await packetCodes(patient, previous)).toEqual(['G0558']);
    const events = await auditTrail(stack, `patient:${patient}`);
    expect(events.filter((e) => e.action === 'care_program.update' && e.outcome === 'success')).toHaveLength(2);
  });

  it("answers another practice's staff as if the patient did not exist", async () => {
    const patient = await patientIn(null);
    const answer = await call(stack, 'PUT', `/patients/${patient}/care-program`, {
      token: await lakesideToken(stack),
      body: { program: 'apcm' },
    });
    expect(answer.status).toBe(404);
  });
});

describe('PUT /providers/{providerId}/fee-schedule', () => {
  const put = (token: string, body: unknown, providerId = org) =>
    call(stack, 'PUT', `/providers/${providerId}/fee-schedule`, { token, body });

  it("is the practice's billing practitioner's to set, not other staff's (403) nor another practice's (404)", async () => {
    const rates = { ...DEFAULT_RATES, '99490': 62 };
    expect(await put(staff, { rates })).toMatchObject({
      status: 403,
      body: { error: FEE_SCHEDULE_MESSAGES.feesForAdmins },
    });
    expect((await put(await lakesideToken(stack), { rates })).status).toBe(404);
    const practitioner = await staffWith('billing_practitioner');
    expect(await put(practitioner, { rates })).toMatchObject({
      status: 200,
      body: { fee_schedule: { custom: true, rates: { '99490': 62 } } },
    });
    const events = await auditTrail(stack, `organization:${org}`);
    expect(events.filter((e) => e.action === 'fee_schedule.update').map((e) => e.outcome)).toEqual(
      expect.arrayContaining(['success', 'denied']),
    );
  });

  it('refuses a schedule missing a code, naming an unknown one, or with a negative or sub-cent rate (400)', async () => {
    const operator = await operatorToken(stack);
    const { G0556: _missing, ...short } = DEFAULT_RATES;
    for (const rates of [
      short,
      { ...DEFAULT_RATES, G9999: 1 },
      { ...DEFAULT_RATES, G0556: -1 },
      { ...DEFAULT_RATES, G0556: 15.001 },
    ]) {
      const answer = await put(operator, { rates });
      expect(answer.status, JSON.stringify(rates)).toBe(400);
    }
  });
});
