/**
 * Importing a panel (issue 24 item 1; DECISIONS "Enrollment") on the local stack: a file uploaded by
 * its presigned link is previewed (ready, already there, each bad row), imported by the job from the
 * bus in batches, and imported again adds nobody; a FHIR Bundle gives the same patient as the CSV;
 * a job stopped after a batch resumes where it stopped and ends with every patient once.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { runImport, ImportInterrupted, type ImportJobDeps } from '../../lambdas/enrollment/import-job';
import { importRepeatsKey, importStatusPlan, NO_ROW_DONE } from '../../lambdas/enrollment/import-plans';
import { REPORT_PART_ROWS } from '../../lambdas/enrollment/import-rows';
import { DynamoPanelImportStore } from '../../lambdas/enrollment/store/dynamo-panel-import-store';
import { LOCAL_PANEL_FILES_BUCKET } from '../../lambdas/local/aws-services';
import { DynamoOrganizationRepository } from '../../lambdas/organizations/store/dynamo-organization-repository';
import { DynamoWriteCommitter } from '../../lambdas/platform/dynamodb/committer';
import { s3PanelFiles } from '../../lambdas/vendors/s3/s3-panel-files';
import type { CarePlan, DocumentRevisionPage, Patient, UserProfile } from '../../shared/domain';
import type { EnrollmentCountsAnswer, PcmCandidatesListAnswer } from '../../shared/enrollment/panel';
import type { PanelImport } from '../../shared/enrollment/panel-import';
import { PANEL_IMPORT_MESSAGES } from '../../shared/enrollment/panel-import';
import { IMPORT_MESSAGES } from '../../shared/enrollment/messages';
import { call } from '../support/api';
import {
  auditTrail,
  createOrganization,
  eventually,
  expectStatus,
  tableOf,
  throwawayToken,
  unique,
} from '../support/fixtures';
import { panelCsv, PANEL_HEADER } from '../support/panel-files';

const stack = inject('stack');

interface Created {
  import: PanelImport;
  upload: { url: string; content_type: string };
}

interface Practice {
  org: string;
  token: string;
}

/** A fresh organization and its provider user's token. */
async function practice(): Promise<Practice> {
  const org = (await createOrganization(stack)).id;
  return { org, token: await throwawayToken(stack, 'provider', org) };
}

/** Asks for an import, uploads the file by its link and previews it. */
async function uploadAndPreview(
  { org, token }: Practice,
  body: string,
  type: 'csv' | 'fhir' = 'csv',
): Promise<PanelImport> {
  const size = Buffer.byteLength(body);
  const created = expectStatus(
    await call<Created>(stack, 'POST', '/imports', {
      token,
      body: { provider_id: org, file_name: type === 'csv' ? 'panel.csv' : 'panel.json', size, type },
    }),
    201,
  );
  expect(created.import.status).toBe('awaiting_upload');
  const put = await fetch(created.upload.url, {
    method: 'PUT',
    headers: { 'Content-Type': created.upload.content_type },
    body,
  });
  expect(put.status, await put.text()).toBe(200);
  return expectStatus(
    await call<{ import: PanelImport }>(stack, 'POST', `/imports/${created.import.id}/preview`, { token }),
    200,
  ).import;
}

/** Starts a previewed import and waits for the job from the bus to finish it. */
async function importAll(token: string, id: string): Promise<PanelImport> {
  const started = expectStatus(
    await call<{ import: PanelImport }>(stack, 'POST', `/imports/${id}/start`, { token }),
    200,
  ).import;
  expect(['importing', 'done']).toContain(started.status);
  return eventually(
    async () =>
      expectStatus(await call<{ import: PanelImport }>(stack, 'GET', `/imports/${id}`, { token }), 200).import,
    (i) => i.status === 'done' || i.status === 'failed',
    60_000,
  );
}

/** The organization's patients, as its staff list them. */
async function patientsOf(org: string, token: string): Promise<Patient[]> {
  const answer = await call<{ items: Patient[] }>(stack, 'GET', `/providers/${org}/patients?limit=100`, { token });
  return expectStatus(answer, 200).items;
}

/** The organization's claims on these MRNs (the patients that hold them). */
async function claimsOf(org: string, mrns: readonly string[]) {
  return [...(await new DynamoPanelImportStore(tableOf(stack)).mrnHolders(org, mrns)).values()];
}

describe('a panel import', () => {
  let sunrise: Practice;
  beforeAll(async () => {
    sunrise = await practice();
  });

  it('previews ready rows and each bad row by its spreadsheet row and field, writing no patient', async () => {
    const file = panelCsv(20, 5);
    const preview = await uploadAndPreview(sunrise, file.text);
    expect(preview.status).toBe('previewed');
    expect(preview.tally).toMatchObject({ rows: 25, ready: 20, already_there: 0, problem_rows: 5 });
    expect(preview.tally?.problems.map((p) => ({ row: p.row, field: p.field }))).toEqual(file.bad);
    const repeat = preview.tally?.problems.find((p) => p.field === 'mrn');
    expect(repeat?.message).toBe(IMPORT_MESSAGES.mrnRepeated(2));
    expect(await patientsOf(sunrise.org, sunrise.token)).toEqual([]);
    expect(await claimsOf(sunrise.org, file.mrns)).toEqual([]);
  });

  it('refuses a file it cannot read whole, with the reason, and a link for another file size', async () => {
    const refused = await uploadAndPreview(sunrise, 'mrn,first_name\nA-1,Ann\n');
    expect(refused).toMatchObject({
      status: 'failed',
      failure: IMPORT_MESSAGES.missingHeaders(['last_name', 'date_of_birth', 'phone']),
    });
    const tooLarge = await call(stack, 'POST', '/imports', {
      token: sunrise.token,
      body: { provider_id: sunrise.org, file_name: 'big.csv', size: 10 * 1024 * 1024 + 1, type: 'csv' },
    });
    expect(tooLarge).toMatchObject({ status: 400, body: { error: IMPORT_MESSAGES.fileTooLarge } });
    const notCsv = await call(stack, 'POST', '/imports', {
      token: sunrise.token,
      body: { provider_id: sunrise.org, file_name: 'panel.xlsx', size: 10, type: 'xlsx' },
    });
    expect(notCsv).toMatchObject({ status: 400, body: { error: IMPORT_MESSAGES.notCsvOrFhir } });
  });

  it('is not previewed before its file is uploaded, nor started before it is previewed', async () => {
    const created = expectStatus(
      await call<Created>(stack, 'POST', '/imports', {
        token: sunrise.token,
        body: { provider_id: sunrise.org, file_name: 'late.csv', size: 100, type: 'csv' },
      }),
      201,
    );
    const id = created.import.id;
    expect(await call(stack, 'POST', `/imports/${id}/preview`, { token: sunrise.token })).toMatchObject({
      status: 409,
      body: { error: PANEL_IMPORT_MESSAGES.notUploaded },
    });
    expect(await call(stack, 'POST', `/imports/${id}/start`, { token: sunrise.token })).toMatchObject({
      status: 409,
      body: { error: PANEL_IMPORT_MESSAGES.notPreviewed },
    });
  });

  it('imports the ready rows as patients waiting for consent; the same file again adds nobody', async () => {
    const { org, token } = await practice();
    const file = panelCsv(30, 5);
    const first = await uploadAndPreview({ org, token }, file.text);
    const done = await importAll(token, first.id);
    expect(done).toMatchObject({
      status: 'done',
      progress: { done: 35, imported: 30, skipped_existing: 0, skipped_errors: 5 },
    });
    const patients = await patientsOf(org, token);
    expect(patients).toHaveLength(30);
    expect(new Set(patients.map((p) => p.mrn))).toEqual(new Set(file.mrns));
    expect(patients.map((p) => p.consent.status)).toEqual(patients.map(() => 'not_asked'));
    const [one] = patients;
    const outreach = expectStatus(
      await call<{ outreach: unknown }>(stack, 'GET', `/patients/${one?.id}`, { token }),
      200,
    ).outreach;
    expect(outreach).toBeNull();
    const plan = expectStatus(
      await call<{ carePlan: CarePlan }>(stack, 'GET', `/patients/${one?.id}/care-plan`, { token }),
      200,
    ).carePlan;
    expect(plan.conditions.map((c) => c.code)).toEqual(['E11.9', 'I10']);
    // The imported plan is its only version, without a revision item of its own: the first save
    // keeps it as revision 1 beside revision 2.
    const revisions = async () =>
      expectStatus(
        await call<DocumentRevisionPage>(stack, 'GET', `/patients/${one?.id}/care-plan/revisions`, { token }),
        200,
      ).items.map((r) => [r.version, r.plan?.conditions.map((c) => c.code)]);
    expect(await revisions()).toEqual([[1, ['E11.9', 'I10']]]);
    const { conditions, expected_outcome, goals, symptom_management, interventions, medications, note } = plan;
    const fields = { conditions, expected_outcome, goals, symptom_management, interventions, medications, note };
    expectStatus(
      await call(stack, 'PUT', `/patients/${one?.id}/care-plan`, {
        token,
        body: { ...fields, conditions: conditions.slice(0, 1), version: 1 },
      }),
      200,
    );
    expect(await revisions()).toEqual([
      [2, ['E11.9']],
      [1, ['E11.9', 'I10']],
    ]);
    const trail = await auditTrail(stack, `organization:${org}`);
    expect(trail.filter((e) => e.action === 'patient.import')).toHaveLength(30);
    // Each names who started the import as their profile named them then (kept on the import).
    const starter = expectStatus(await call<UserProfile>(stack, 'GET', '/me', { token }), 200);
    const named = trail
      .filter((e) => e.action === 'patient.import')
      .map((e) => [e.actor_id, e.actor_name, e.actor_email]);
    expect(new Set(named.map((n) => n.join(' | ')))).toEqual(
      new Set([[starter.id, `${starter.first_name} ${starter.last_name}`, starter.email].join(' | ')]),
    );

    const report = expectStatus(
      await call<{ url: string }>(stack, 'GET', `/imports/${first.id}/report`, { token }),
      200,
    );
    const csv = await (await fetch(report.url)).text();
    expect(csv.split('\r\n').filter(Boolean)).toEqual([
      'Row,Field,Problem',
      ...file.bad.map((b) => expect.stringMatching(new RegExp(`^${b.row},${b.field},`))),
    ]);

    const again = await uploadAndPreview({ org, token }, file.text);
    expect(again.tally).toMatchObject({ rows: 35, ready: 0, already_there: 30, problem_rows: 5 });
    const second = await importAll(token, again.id);
    expect(second.progress).toEqual({ done: 35, imported: 0, skipped_existing: 30, skipped_errors: 5 });
    expect(await patientsOf(org, token)).toHaveLength(30);
    expect(await claimsOf(org, file.mrns)).toHaveLength(30);
  });

  it('lists an imported patient of one chronic condition as a PCM candidate, and one of two as eligible', async () => {
    const { org, token } = await practice();
    const mrn = unique('PCM');
    const csv = [
      PANEL_HEADER,
      `${mrn}-1,Una,Single,1950-01-02,+18132990101,,en,I10`,
      `${mrn}-2,Dos,Double,1950-01-02,+18132990102,,en,E11.9;I10`,
      `${mrn}-3,Nil,None,1950-01-02,+18132990103,,en,`,
    ].join('\n');
    const done = await importAll(token, (await uploadAndPreview({ org, token }, csv)).id);
    expect(done.progress).toMatchObject({ imported: 3 });
    const byName = new Map((await patientsOf(org, token)).map((p) => [p.first_name, p.id]));
    const panel = expectStatus(
      await call<EnrollmentCountsAnswer>(stack, 'GET', `/providers/${org}/enrollment`, { token }),
      200,
    );
    expect(panel).toMatchObject({ counts: { eligible: 1 }, pcm_candidates: 1 });
    const candidates = expectStatus(
      await call<PcmCandidatesListAnswer>(stack, 'GET', `/providers/${org}/enrollment/pcm-candidates`, { token }),
      200,
    );
    expect(candidates.items.map((i) => [i.patient_id, i.condition_count])).toEqual([[byName.get('Una'), 1]]);
  });

  it('refuses to import a file replaced after the preview, writing no patient', async () => {
    const { org, token } = await practice();
    const file = panelCsv(5);
    const created = expectStatus(
      await call<Created>(stack, 'POST', '/imports', {
        token,
        body: { provider_id: org, file_name: 'panel.csv', size: Buffer.byteLength(file.text), type: 'csv' },
      }),
      201,
    );
    const upload = (body: string) =>
      fetch(created.upload.url, { method: 'PUT', headers: { 'Content-Type': created.upload.content_type }, body });
    expect((await upload(file.text)).status).toBe(200);
    const previewed = expectStatus(
      await call<{ import: PanelImport }>(stack, 'POST', `/imports/${created.import.id}/preview`, { token }),
      200,
    ).import;
    expect(previewed.tally).toMatchObject({ ready: 5 });
    // The link still works (15 minutes): a file of the same size, other patients, replaces the one previewed.
    expect((await upload(file.text.replaceAll('Pat', 'Bob'))).status).toBe(200);
    const ended = await importAll(token, created.import.id);
    expect(ended).toMatchObject({ status: 'failed', failure: PANEL_IMPORT_MESSAGES.fileChanged });
    expect(await patientsOf(org, token)).toEqual([]);
    expect(await claimsOf(org, file.mrns)).toEqual([]);
  });

  it('gives the same patient from a FHIR Bundle as from the CSV', async () => {
    const csvPractice = await practice();
    const fhirPractice = await practice();
    const mrn = unique('F');
    const csv = `${PANEL_HEADER}\n${mrn},Maria,Lopez,1948-03-07,(813) 555-0142,maria@example.com,es,E11.9;I10\n`;
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        {
          fullUrl: 'urn:uuid:0b7c2a4e-1111-4c59-9a55-0d3f1e0b7a11',
          resource: {
            resourceType: 'Patient',
            identifier: [
              {
                type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }] },
                value: mrn,
              },
            ],
            name: [{ use: 'official', family: 'Lopez', given: ['Maria'] }],
            telecom: [
              { system: 'phone', value: '+18135550142', use: 'mobile' },
              { system: 'email', value: 'maria@example.com' },
            ],
            birthDate: '1948-03-07',
            communication: [{ language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'es' }] }, preferred: true }],
          },
        },
        ...['E11.9', 'I10'].map((code) => ({
          resource: {
            resourceType: 'Condition',
            clinicalStatus: { coding: [{ code: 'active' }] },
            code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code }] },
            subject: { reference: 'urn:uuid:0b7c2a4e-1111-4c59-9a55-0d3f1e0b7a11' },
          },
        })),
      ],
    };
    for (const [p, body, type] of [
      [csvPractice, csv, 'csv'],
      [fhirPractice, JSON.stringify(bundle), 'fhir'],
    ] as const) {
      const preview = await uploadAndPreview(p, body, type);
      expect(preview.tally).toMatchObject({ rows: 1, ready: 1 });
      expect(await importAll(p.token, preview.id)).toMatchObject({ status: 'done', progress: { imported: 1 } });
    }
    const shape = async (p: Practice) => {
      const [patient] = await patientsOf(p.org, p.token);
      const plan = expectStatus(
        await call<{ carePlan: CarePlan }>(stack, 'GET', `/patients/${patient?.id}/care-plan`, { token: p.token }),
        200,
      ).carePlan;
      const { first_name, last_name, email, phone_number, mrn: m, date_of_birth, preferred_language } = patient ?? {};
      return {
        patient: { first_name, last_name, email, phone_number, mrn: m, date_of_birth, preferred_language },
        conditions: plan.conditions,
        medications: plan.medications,
      };
    };
    const fromCsv = await shape(csvPractice);
    expect(fromCsv.patient).toEqual({
      first_name: 'Maria',
      last_name: 'Lopez',
      email: 'maria@example.com',
      phone_number: '+18135550142',
      mrn,
      date_of_birth: '1948-03-07',
      preferred_language: 'es',
    });
    expect(await shape(fhirPractice)).toEqual(fromCsv);
  });

  it('resumes a job stopped after a batch where it stopped, and ends with every patient once', async () => {
    const { org, token } = await practice();
    const file = panelCsv(45, 3);
    const preview = await uploadAndPreview({ org, token }, file.text);
    const db = tableOf(stack);
    const committer = new DynamoWriteCommitter(db);
    // Started as the start route does, but without the bus event: this test runs the job itself.
    const at = new Date().toISOString();
    expect(
      await committer.commit(importStatusPlan(preview.id, ['previewed'], 'importing', at, { startAt: NO_ROW_DONE })),
    ).toBe('committed');
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
    const deps: ImportJobDeps = {
      clock: { now: () => new Date() },
      ids: { newId: () => crypto.randomUUID() },
      committer,
      imports: new DynamoPanelImportStore(db),
      files: s3PanelFiles({ bucket: LOCAL_PANEL_FILES_BUCKET, region: 'us-east-1', s3Endpoint: stack.awsUrl }),
      organizations: new DynamoOrganizationRepository(db),
      callingCodes: ['1'],
      chunkRows: 10,
    };
    await expect(runImport({ ...deps, stopAfterBatches: 1 }, preview.id)).rejects.toBeInstanceOf(ImportInterrupted);
    const stopped = expectStatus(
      await call<{ import: PanelImport }>(stack, 'GET', `/imports/${preview.id}`, { token }),
      200,
    ).import;
    expect(stopped.status).toBe('importing');
    expect(stopped.progress.imported).toBeGreaterThan(0);
    expect(stopped.progress.imported).toBeLessThan(45);
    expect(await claimsOf(org, file.mrns)).toHaveLength(stopped.progress.imported);

    expect(await runImport(deps, preview.id)).toBe('done');
    const done = expectStatus(
      await call<{ import: PanelImport }>(stack, 'GET', `/imports/${preview.id}`, { token }),
      200,
    ).import;
    expect(done).toMatchObject({
      status: 'done',
      progress: { done: 48, imported: 45, skipped_existing: 0, skipped_errors: 3 },
    });
    const patients = await patientsOf(org, token);
    expect(patients.map((p) => p.mrn).sort()).toEqual([...file.mrns].sort());
    expect(await claimsOf(org, file.mrns)).toHaveLength(45);
    // A run of a finished import does nothing.
    expect(await runImport(deps, preview.id)).toBe('skipped');
  });

  it("streams a long report in pieces and names a repeat from the preview's list, across a resumed run", async () => {
    const { org, token } = await practice();
    const prefix = unique('R');
    const good = (n: number) =>
      `${prefix}-${n},Pat${n},Report,1948-03-07,+1813200${String(n).padStart(4, '0')},,en,E11.9;I10`;
    const badRows = REPORT_PART_ROWS * 2 + 3;
    const lines = [
      PANEL_HEADER,
      good(1),
      good(2),
      ...Array.from({ length: badRows }, (_, i) => `${prefix}-b${i},Bad,Phone,1948-03-07,12345,,en,`),
      good(3),
      // Row 2's MRN again, far past the first chunk: the preview's list names it.
      `${prefix}-1,Again,Same,1948-03-07,+18132009999,,en,`,
    ];
    const preview = await uploadAndPreview({ org, token }, `${lines.join('\n')}\n`);
    expect(preview.tally).toMatchObject({ ready: 3, problem_rows: badRows + 1 });
    const db = tableOf(stack);
    const committer = new DynamoWriteCommitter(db);
    const files = s3PanelFiles({ bucket: LOCAL_PANEL_FILES_BUCKET, region: 'us-east-1', s3Endpoint: stack.awsUrl });
    expect((await files.stat(importRepeatsKey({ id: preview.id, provider_id: org })))?.size).toBeGreaterThan(0);
    const at = new Date().toISOString();
    expect(
      await committer.commit(importStatusPlan(preview.id, ['previewed'], 'importing', at, { startAt: NO_ROW_DONE })),
    ).toBe('committed');
    const deps: ImportJobDeps = {
      clock: { now: () => new Date() },
      ids: { newId: () => crypto.randomUUID() },
      committer,
      imports: new DynamoPanelImportStore(db),
      files,
      organizations: new DynamoOrganizationRepository(db),
      callingCodes: ['1'],
      chunkRows: 1,
    };
    await expect(runImport({ ...deps, stopAfterBatches: 2 }, preview.id)).rejects.toBeInstanceOf(ImportInterrupted);
    expect(await runImport(deps, preview.id)).toBe('done');
    const done = expectStatus(
      await call<{ import: PanelImport }>(stack, 'GET', `/imports/${preview.id}`, { token }),
      200,
    ).import;
    expect(done.progress).toEqual({
      done: badRows + 4,
      imported: 3,
      skipped_existing: 0,
      skipped_errors: badRows + 1,
    });
    const report = expectStatus(
      await call<{ url: string }>(stack, 'GET', `/imports/${preview.id}/report`, { token }),
      200,
    );
    const rows = (await (await fetch(report.url)).text()).split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(badRows + 2);
    expect(rows[0]).toBe('Row,Field,Problem');
    expect(rows.slice(1).map((r) => Number(r.split(',')[0]))).toEqual([
      ...Array.from({ length: badRows }, (_, i) => i + 4),
      badRows + 5,
    ]);
    expect(rows.at(-1)).toBe(`${badRows + 5},mrn,${IMPORT_MESSAGES.mrnRepeated(2)}`);
    expect(
      await claimsOf(
        org,
        [1, 2, 3].map((n) => `${prefix}-${n}`),
      ),
    ).toHaveLength(3);
  });
});
