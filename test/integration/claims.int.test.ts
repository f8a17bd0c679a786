/**
 * The claim export on the local stack (issue 26 item 4): the practitioner's NPI on the user, the
 * patient's MBI on the patient, and a month's claim CSV for a practice with CCM patients: a line
 * per code with what a biller keys, a patient-month that cannot be claimed yet named with its
 * problems, nothing for a month that bills nothing, and each patient in the file audited.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { IDENTIFIER_MESSAGES } from '../../shared/ccm/identifiers';
import type { Patient, ProviderOrganization, UserProfile } from '../../shared/domain';
import type { AuditPacket } from '../../shared/audit-packet';
import { todayIn } from '../../shared/time-preferences';
import { lastDayOf } from '../../lambdas/care-time/claim-rows';
import { call, tokenFor } from '../support/api';
import {
  createOrganization,
  createPatient,
  createUser,
  expectStatus,
  operatorToken,
  tableOf,
} from '../support/fixtures';

const stack = inject('stack');

let operator: string;
let org: { id: string; timezone: string };
let today: string;
let nurse: string;

beforeAll(async () => {
  operator = await operatorToken(stack);
  org = await createOrganization(stack);
  today = todayIn(org.timezone, new Date());
  nurse = await tokenFor(stack, 'provider', org.id);
});

const updateUser = (user: UserProfile, fields: Record<string, unknown>) =>
  call<{ user: UserProfile }>(stack, 'PUT', `/users/${user.id}`, {
    token: operator,
    body: {
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      role: 'provider',
      provider_id: org.id,
      care_role: 'billing_practitioner',
      ...fields,
    },
  });
const updatePatient = (patient: Patient, fields: Record<string, unknown>) =>
  call<{ patient: Patient }>(stack, 'PUT', `/patients/${patient.id}`, {
    token: operator,
    body: { first_name: patient.first_name, last_name: patient.last_name, email: patient.email, ...fields },
  });

/** A patient of the practice with accepted consent, the care plan's two conditions, and `minutes` of clinical staff time (none at 0). */
async function billablePatient(minutes: number, fields: Record<string, unknown>, practitioner: string | null) {
  const patient = await createPatient(stack, org.id, fields);
  if (practitioner) {
    await tableOf(stack)
      .entities.patient.patch({ patient_id: patient.id })
      .set({ billing_practitioner_id: practitioner })
      .go();
  }
  expectStatus(
    await call(stack, 'POST', `/patients/${patient.id}/consent`, {
      token: operator,
      body: {
        status: 'accepted',
        date: today,
        method: 'written',
        disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
      },
    }),
    201,
  );
  expectStatus(
    await call(stack, 'POST', `/patients/${patient.id}/care-plan`, {
      token: operator,
      body: {
        conditions: [
          { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
          { code: 'I10', description: 'Essential (primary) hypertension' },
        ],
        expected_outcome: 'Stable',
        goals: ['A1c under 7%'],
        symptom_management: 'Report dizziness',
        interventions: 'Monthly check-ins',
        medications: [],
        note: '',
      },
    }),
    201,
  );
  if (minutes > 0) {
    expectStatus(
      await call(stack, 'POST', `/patients/${patient.id}/time-entries`, {
        token: nurse,
        body: { minutes, activity: 'Care coordination', date: today },
      }),
      201,
    );
  }
  return patient;
}

describe('NPI on the user and MBI on the patient', () => {
  it('refuses a wrong NPI check digit in words, stores a right one, keeps it when left out and clears it when emptied', async () => {
    const user = await createUser(stack, { provider_id: org.id });
    const wrong = await updateUser(user, { npi: '1234567890' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: IDENTIFIER_MESSAGES.npiInvalid });
    expect(expectStatus(await updateUser(user, { npi: '1234 567893' }), 200).user.npi).toBe('1234567893');
    // Left out: kept; the users list answers it.
    expect(expectStatus(await updateUser(user, {}), 200).user.npi).toBe('1234567893');
    expect(expectStatus(await updateUser(user, { npi: null }), 200).user.npi).toBeNull();
  });

  it("refuses an MBI off CMS's format, stores a right one without dashes", async () => {
    const patient = await createPatient(stack, org.id);
    const wrong = await updatePatient(patient, { mbi: '1EG4-TE5-MKS3' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: IDENTIFIER_MESSAGES.mbiInvalid });
    expect(expectStatus(await updatePatient(patient, { mbi: '1eg4-te5-mk73' }), 200).patient.mbi).toBe('1EG4TE5MK73');
    const read = expectStatus(
      await call<{ patient: Patient }>(stack, 'GET', `/patients/${patient.id}`, { token: operator }),
      200,
    );
    expect(read.patient.mbi).toBe('1EG4TE5MK73');
  });
});

describe('GET /providers/{providerId}/billing-claims.csv', () => {
  it('writes a line per code of each patient-month that bills, names what blocks a claim, and leaves out what bills nothing', async () => {
    const practitioner = await createUser(stack, { provider_id: org.id, care_role: 'billing_practitioner' });
    expectStatus(await updateUser(practitioner, { npi: '1245319599' }), 200);
    const ready = await billablePatient(
      45,
      { first_name: 'Ada', mrn: 'MRN-CLAIM-1', date_of_birth: '1948-03-07', mbi: '1EG4-TE5-MK73' },
      practitioner.id,
    );
    const blocked = await billablePatient(24, { first_name: '=cmd' }, null);
    await billablePatient(12, { first_name: 'Few' }, practitioner.id);

    const res = await fetch(`${stack.apiUrl}/providers/${org.id}/billing-claims.csv?month=${today.slice(0, 7)}`, {
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain(`careloop-claims-${org.id}-${today.slice(0, 7)}.csv`);
    const lines = (await res.text()).split('\r\n').filter((l) => l !== '');
    expect(lines[0]).toBe(
      'Patient last name,Patient first name,Date of birth,MBI,MRN,Date of service,Place of service,Billing NPI,Rendering NPI,Code,Units,Diagnosis A,Diagnosis B,Diagnosis C,Diagnosis D,Diagnosis pointer,Month,Patient ID,Problems',
    );
    const of = (id: string) => lines.filter((l) => l.includes(`,${id},`));
    // 45 clinical staff minutes: 99490 and one 99439.
    expect(of(ready.id)).toEqual([
      `${ready.last_name},Ada,1948-03-07,1EG4TE5MK73,MRN-CLAIM-1,${today},11,1245319599,1245319599,99490,1,E11.9,I10,,,AB,${today.slice(0, 7)},${ready.id},`,
      `${ready.last_name},Ada,1948-03-07,1EG4TE5MK73,MRN-CLAIM-1,${today},11,1245319599,1245319599,99439,1,E11.9,I10,,,AB,${today.slice(0, 7)},${ready.id},`,
    ]);
    expect(of(blocked.id)).toEqual([
      `${blocked.last_name},'=cmd,,,,${today},11,,,99490,1,E11.9,I10,,,AB,${today.slice(0, 7)},${blocked.id},No Medicare Beneficiary Identifier (MBI); No date of birth; No billing practitioner`,
    ]);
    expect(lines).toHaveLength(4);

    const history = expectStatus(
      await call<{ items: { action: string }[] }>(stack, 'GET', `/patients/${ready.id}/access-history`, {
        token: operator,
      }),
      200,
    );
    expect(history.items.map((e) => e.action)).toContain('billing_claims.export');
  });
  it('claims an APCM patient-month without a minute of time: the bundle needs none', async () => {
    const practitioner = await createUser(stack, { provider_id: org.id, care_role: 'billing_practitioner' });
    expectStatus(await updateUser(practitioner, { npi: '1245319599' }), 200);
    const apcm = await billablePatient(
      0,
      { first_name: 'Bea', date_of_birth: '1950-01-02', mbi: '1EG4TE5MK73' },
      practitioner.id,
    );
    await tableOf(stack)
      .entities.patient.patch({ patient_id: apcm.id })
      .set({
        care_programs: [
          {
            program: 'apcm',
            from: today.slice(0, 7),
            set_at: new Date().toISOString(),
            set_by: practitioner.id,
            set_by_name: 'Nora Ellis',
          },
        ],
      })
      .go();
    const res = await fetch(`${stack.apiUrl}/providers/${org.id}/billing-claims.csv?month=${today.slice(0, 7)}`, {
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\r\n').filter((l) => l.includes(`,${apcm.id},`));
    // No time logged: the date of service is the month's last day; two conditions without QMB: G0557.
    expect(lines).toEqual([
      `${apcm.last_name},Bea,1950-01-02,1EG4TE5MK73,,${lastDayOf(today.slice(0, 7))},11,1245319599,1245319599,G0557,1,E11.9,I10,,,AB,${today.slice(0, 7)},${apcm.id},`,
    ]);
  });
});

describe('GET /patients/{patientId}/audit-packet', () => {
  it("answers the month's evidence: consent, the care plan in force, the time log with person and role, and each code's rule", async () => {
    const patient = await billablePatient(24, { mbi: '1EG4TE5MK73' }, null);
    const packet = expectStatus(
      await call<AuditPacket>(stack, 'GET', `/patients/${patient.id}/audit-packet?month=${today.slice(0, 7)}`, {
        token: nurse,
      }),
      200,
    );
    expect(packet).toMatchObject({
      month: today.slice(0, 7),
      patient: { id: patient.id, mbi: '1EG4TE5MK73' },
      consent: { status: 'accepted', date: today, method: 'written' },
      care_plan: { version: 1, plan: { conditions: [{ code: 'E11.9' }, { code: 'I10' }] } },
      totals: { staff_minutes: 24 },
      program: 'ccm',
      codes: [{ code: '99490', minutes: 20, reason: '20 minutes of clinical staff time' }],
      billed: null,
    });
    expect(packet.consent?.disclosures).toHaveLength(4);
    expect(packet.reason).toMatch(/^24 clinical staff minutes: 99490/);
    expect(packet.time_entries).toEqual([
      expect.objectContaining({
        minutes: 24,
        activity: 'Care coordination',
        care_role: 'clinical_staff',
        counts_as: 'staff',
      }),
    ]);
    expect(packet.time_entries[0]?.user_name).not.toBe('');

    // A month before the care plan and consent: neither was in force.
    const before = expectStatus(
      await call<AuditPacket>(stack, 'GET', `/patients/${patient.id}/audit-packet?month=2020-01`, { token: nurse }),
      200,
    );
    expect(before).toMatchObject({ consent: null, care_plan: null, time_entries: [], codes: [] });

    const history = expectStatus(
      await call<{ items: { action: string }[] }>(stack, 'GET', `/patients/${patient.id}/access-history`, {
        token: operator,
      }),
      200,
    );
    expect(history.items.map((e) => e.action)).toContain('audit_packet.read');
  });
});

describe('the practice’s group NPI', () => {
  it('bills the claim under the group NPI once the practice has one, the practitioner rendering; the audit packet names both', async () => {
    const practitioner = await createUser(stack, { provider_id: org.id, care_role: 'billing_practitioner' });
    expectStatus(await updateUser(practitioner, { npi: '1245319599' }), 200);
    const patient = await billablePatient(
      24,
      { first_name: 'Gus', date_of_birth: '1949-05-06', mbi: '1EG4TE5MK73' },
      practitioner.id,
    );
    const month = today.slice(0, 7);
    const claimLinesOf = async () => {
      const res = await fetch(`${stack.apiUrl}/providers/${org.id}/billing-claims.csv?month=${month}`, {
        headers: { authorization: `Bearer ${operator}` },
      });
      expect(res.status).toBe(200);
      return (await res.text()).split('\r\n').filter((l) => l.includes(`,${patient.id},`));
    };
    const npis = (line: string | undefined) => line?.split(',').slice(7, 9);
    // No group NPI yet: the practitioner's NPI bills and renders.
    expect((await claimLinesOf()).map(npis)).toEqual([['1245319599', '1245319599']]);

    const current = expectStatus(
      await call<{ provider: ProviderOrganization }>(stack, 'GET', `/providers/${org.id}`, { token: operator }),
      200,
    ).provider;
    expectStatus(
      await call(stack, 'PUT', `/providers/${org.id}`, {
        token: operator,
        body: { name: current.name, group_npi: '1234567893', version: current.version },
      }),
      200,
    );
    expect((await claimLinesOf()).map(npis)).toEqual([['1234567893', '1245319599']]);

    const packet = expectStatus(
      await call<AuditPacket>(stack, 'GET', `/patients/${patient.id}/audit-packet?month=${month}`, { token: nurse }),
      200,
    );
    expect(packet.organization.group_npi).toBe('1234567893');
    expect(packet.billing_practitioner?.npi).toBe('1245319599');
    expect(packet.claim_npis).toEqual({ billing: '1234567893', rendering: '1245319599' });
  });
});
