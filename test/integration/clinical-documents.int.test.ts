/**
 * Care plans and EMR notes against DynamoDB Local: the modal's calls, versions, revisions, tenancy,
 * audit. The care plan's text is its note (its structured part: care-plans.int.test.ts).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { EMPTY_CARE_PLAN } from '../../shared/care-plan';
import type { ClinicalDocument, DocumentRevisionPage, UserProfile } from '../../shared/domain';
import { DOCUMENT_VERSION_REQUIRED } from '../../shared/validation';
import { call } from '../support/api';
import {
  auditTrail,
  createPatient,
  demoOrganizations,
  expectStatus,
  lakesideToken,
  operatorToken,
  sunriseToken,
  tableOf,
} from '../support/fixtures';

const stack = inject('stack');
let orgs: { sunrise: string; lakeside: string };
/** The demo accounts' user ids and names, as their profiles give them. */
let people: { sunrise: UserProfile; operator: UserProfile };

const me = async (token: string) => expectStatus(await call<UserProfile>(stack, 'GET', '/me', { token }), 200);

beforeAll(async () => {
  orgs = await demoOrganizations(stack);
  people = { sunrise: await me(await sunriseToken(stack)), operator: await me(await operatorToken(stack)) };
});

const author = (p: UserProfile) => ({ user_id: p.id, name: `${p.first_name} ${p.last_name}` });

type Doc = Record<string, unknown> & Pick<ClinicalDocument, 'version' | 'updated_at' | 'updated_by'>;

describe.each([
  // A care plan with its text as the note and no conditions; its revisions keep the (empty) structured part.
  [
    'care-plan',
    'carePlan',
    'care_plan',
    (text: string) => ({ conditions: [], note: text }),
    'note',
    { plan: EMPTY_CARE_PLAN },
  ],
  ['emr-notes', 'emrNotes', 'emr_notes', (text: string) => ({ content: text }), 'content', {}],
] as const)('%s', (segment, key, kind, bodyOf, text, revisionExtra) => {
  it('reads null, creates trimmed with its creator, refuses a second create, updates only at the version read', async () => {
    const patient = await createPatient(stack, orgs.sunrise);
    const sunrise = await sunriseToken(stack);
    const path = `/patients/${patient.id}/${segment}`;
    const send = (method: string, body?: unknown, token = sunrise) =>
      call<Record<string, Doc | null>>(stack, method, path, { token, body });

    expect(await send('GET')).toEqual({ status: 200, body: { [key]: null } });
    expect(await send('PUT', { ...bodyOf('nothing yet'), version: 1 })).toMatchObject({
      status: 404,
      body: { code: `${kind}.not_found` },
    });

    const created = expectStatus(await send('POST', bodyOf('  Walk 20 minutes daily.\n')), 201)[key];
    expect(created).toMatchObject({
      patient_id: patient.id,
      provider_id: orgs.sunrise,
      [text]: 'Walk 20 minutes daily.',
      creator: author(people.sunrise),
      updated_by: author(people.sunrise),
      version: 1,
    });
    expect(expectStatus(await send('GET'), 200)[key]).toEqual(created);
    expect(await send('POST', bodyOf('again'))).toMatchObject({ status: 409, body: { code: `${kind}.exists` } });

    const updated = expectStatus(
      await send('PUT', { ...bodyOf(' Walk 30 minutes. '), version: 1 }, await operatorToken(stack)),
      200,
    )[key];
    expect(updated).toMatchObject({
      [text]: 'Walk 30 minutes.',
      creator: author(people.sunrise),
      updated_by: author(people.operator),
      version: 2,
    });
    expect(updated?.updated_at && created && updated.updated_at >= created.updated_at).toBe(true);
    expect(await send('PUT', { ...bodyOf('stale'), version: 1 })).toMatchObject({
      status: 409,
      body: { code: `${kind}.version_conflict` },
    });
    expect(await send('PUT', bodyOf('no version'))).toEqual({
      status: 400,
      body: { error: DOCUMENT_VERSION_REQUIRED, code: 'request.invalid.version' },
    });
    expect(expectStatus(await send('GET'), 200)[key]).toMatchObject({ [text]: 'Walk 30 minutes.', version: 2 });

    const trail = await auditTrail(stack, `patient:${patient.id}`);
    expect(trail.filter((e) => e.action.startsWith(kind)).map((e) => [e.action, e.outcome])).toEqual([
      [`${kind}.read`, 'success'],
      [`${kind}.update`, 'not_found'],
      [`${kind}.create`, 'success'],
      [`${kind}.read`, 'success'],
      [`${kind}.create`, 'invalid'],
      [`${kind}.update`, 'success'],
      [`${kind}.update`, 'invalid'],
      [`${kind}.read`, 'success'],
    ]);
  });

  it('keeps every saved version as a revision: author by id, time and content, newest first, paged', async () => {
    const patient = await createPatient(stack, orgs.sunrise);
    const sunrise = await sunriseToken(stack);
    const path = `/patients/${patient.id}/${segment}`;
    const saved: Doc[] = [
      expectStatus(
        await call<Record<string, Doc>>(stack, 'POST', path, {
          token: sunrise,
          body: bodyOf('Version 1'),
        }),
        201,
      )[key]!,
    ];
    for (const version of [1, 2, 3, 4]) {
      const token = version % 2 === 0 ? await operatorToken(stack) : sunrise;
      const answer = await call<Record<string, Doc>>(stack, 'PUT', path, {
        token,
        body: { ...bodyOf(`Version ${version + 1}`), version },
      });
      saved.push(expectStatus(answer, 200)[key]!);
    }
    const revisions = (query = '') =>
      call<DocumentRevisionPage>(stack, 'GET', `${path}/revisions${query}`, { token: sunrise });

    const all = expectStatus(await revisions(), 200);
    expect(all.next_cursor).toBeNull();
    expect(all.items).toEqual(
      [...saved].reverse().map((doc) => ({
        version: doc.version,
        content: doc[text],
        ...revisionExtra,
        saved_at: doc.updated_at,
        author: doc.updated_by,
      })),
    );
    expect(all.items.map((r) => [r.version, r.author.name])).toEqual([
      [5, author(people.operator).name],
      [4, author(people.sunrise).name],
      [3, author(people.operator).name],
      [2, author(people.sunrise).name],
      [1, author(people.sunrise).name],
    ]);
    // Each revision keeps its author's name of the time: the page names them without reading profiles.
    const stored = await tableOf(stack)
      .entities.documentRevision.query.byDocument({ patient_id: patient.id, kind })
      .go({ pages: 'all' });
    expect(stored.data.map((r) => [r.version, r.saved_by_name]).sort(([a], [b]) => Number(b) - Number(a))).toEqual(
      all.items.map((r) => [r.version, r.author.name]),
    );

    const pages: number[][] = [];
    let cursor: string | null = null;
    do {
      const page: DocumentRevisionPage = expectStatus(
        await revisions(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`),
        200,
      );
      pages.push(page.items.map((r) => r.version));
      cursor = page.next_cursor;
    } while (cursor && pages.length < 5);
    expect(pages).toEqual([[5, 4], [3, 2], [1]]);

    expect(await revisions('?cursor=bm90LWEta2V5')).toEqual({
      status: 400,
      body: { error: 'Invalid cursor', code: 'request.invalid_cursor' },
    });
    // A well-formed cursor of another list (another patient's document) is refused too.
    const other = await createPatient(stack, orgs.sunrise);
    const otherPath = `/patients/${other.id}/${segment}`;
    expectStatus(await call(stack, 'POST', otherPath, { token: sunrise, body: bodyOf('a') }), 201);
    expectStatus(await call(stack, 'PUT', otherPath, { token: sunrise, body: { ...bodyOf('b'), version: 1 } }), 200);
    const foreign = expectStatus(
      await call<DocumentRevisionPage>(stack, 'GET', `${otherPath}/revisions?limit=1`, { token: sunrise }),
      200,
    ).next_cursor;
    expect(foreign).toEqual(expect.any(String));
    expect(await revisions(`?cursor=${foreign}`)).toEqual({
      status: 400,
      body: { error: 'Invalid cursor', code: 'request.invalid_cursor' },
    });
    expect(await revisions('?limit=0')).toMatchObject({ status: 400, body: { code: 'request.invalid.limit' } });

    const reads = (await auditTrail(stack, `patient:${patient.id}`)).filter(
      (e) => e.action === `${kind}.revisions.read`,
    );
    expect(reads.map((e) => e.outcome)).toEqual(['success', 'success', 'success', 'success', 'invalid']);
  });

  it('loads and saves a document written before revisions were kept, and keeps its old version', async () => {
    const patient = await createPatient(stack, orgs.sunrise);
    const entity = kind === 'care_plan' ? tableOf(stack).entities.carePlan : tableOf(stack).entities.emrNotes;
    await entity
      .create({
        document_id: `legacy-${patient.id}`,
        patient_id: patient.id,
        provider_id: orgs.sunrise,
        content: 'Written before revisions',
        created_at: '2025-01-02T09:30:00.000Z',
        created_by: 'former@sunrise.example',
        updated_at: '2025-02-03T10:00:00.000Z',
        updated_by: 'former@sunrise.example',
        version: 4,
      })
      .go();
    const sunrise = await sunriseToken(stack);
    const path = `/patients/${patient.id}/${segment}`;
    const legacyAuthor = { user_id: null, name: 'former@sunrise.example' };
    expect(
      expectStatus(await call<Record<string, Doc>>(stack, 'GET', path, { token: sunrise }), 200)[key],
    ).toMatchObject({
      [text]: 'Written before revisions',
      creator: legacyAuthor,
      updated_by: legacyAuthor,
      version: 4,
    });
    const history = async () =>
      expectStatus(await call<DocumentRevisionPage>(stack, 'GET', `${path}/revisions`, { token: sunrise }), 200);
    expect(await history()).toEqual({
      items: [
        { version: 4, content: 'Written before revisions', saved_at: '2025-02-03T10:00:00.000Z', author: legacyAuthor },
      ],
      next_cursor: null,
    });

    const saved = expectStatus(
      await call<Record<string, Doc>>(stack, 'PUT', path, {
        token: sunrise,
        body: { ...bodyOf('Now kept'), version: 4 },
      }),
      200,
    )[key];
    expect(saved).toMatchObject({ version: 5, creator: legacyAuthor, updated_by: author(people.sunrise) });
    expect((await history()).items.map((r) => [r.version, r.content, r.author])).toEqual([
      [5, 'Now kept', author(people.sunrise)],
      [4, 'Written before revisions', legacyAuthor],
    ]);
  });

  it("keeps another organization's provider users out, exactly like a missing patient, and audits it", async () => {
    const patient = await createPatient(stack, orgs.sunrise);
    const lakeside = await lakesideToken(stack);
    const path = `/patients/${patient.id}/${segment}`;
    for (const [method, body, suffix] of [
      ['GET', undefined, ''],
      ['POST', bodyOf('intrusion'), ''],
      ['PUT', { ...bodyOf('intrusion'), version: 1 }, ''],
      ['GET', undefined, '/revisions'],
    ] as const) {
      expect(await call(stack, method, `${path}${suffix}`, { token: lakeside, body }), method).toEqual({
        status: 404,
        body: { error: 'Patient Not Found', code: 'patient.not_found' },
      });
    }
    expect(
      await call(stack, 'GET', `/patients/00000000-0000-4000-8000-000000000000/${segment}`, { token: lakeside }),
    ).toEqual({
      status: 404,
      body: { error: 'Patient Not Found', code: 'patient.not_found' },
    });
    const trail = await auditTrail(stack, `patient:${patient.id}`);
    expect(trail.map((e) => [e.action, e.outcome, e.actor_provider_id])).toEqual([
      [`${kind}.read`, 'denied', orgs.lakeside],
      [`${kind}.create`, 'denied', orgs.lakeside],
      [`${kind}.update`, 'denied', orgs.lakeside],
      [`${kind}.revisions.read`, 'denied', orgs.lakeside],
    ]);
    expect(expectStatus(await call(stack, 'GET', path, { token: await sunriseToken(stack) }), 200)).toEqual({
      [key]: null,
    });
  });
});
