/** Paged lists and server searches against DynamoDB Local: pages, cursors, and tenant isolation. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Patient, PatientPage } from '../../shared/domain';
import { call } from '../support/api';
import {
  createOrganization,
  createPatient,
  demoOrganizations,
  expectStatus,
  lakesideToken,
  operatorToken,
  sunriseToken,
} from '../support/fixtures';

const stack = inject('stack');
let operator: string;

beforeAll(async () => {
  operator = await operatorToken(stack);
});

/** Letters only (names take no digits): a word no other test's records start with. */
const word = () =>
  randomUUID()
    .replace(/-/g, '')
    .slice(0, 10)
    .replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)] ?? 'q');

const patientsPage = (organizationId: string, query: string, token = operator) =>
  call<PatientPage>(stack, 'GET', `/providers/${organizationId}/patients${query}`, { token });

const idsOf = (patients: Patient[]) => patients.map((p) => p.id);

/** Every page of the organization's patients, `limit` at a time. */
async function allPages(organizationId: string, limit: number) {
  const pages: Patient[][] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page: PatientPage = expectStatus(await patientsPage(organizationId, query), 200);
    pages.push(page.items);
    cursor = page.next_cursor;
  } while (cursor !== null && pages.length < 10);
  return pages;
}

describe('paged lists', () => {
  it('pages an organization’s patients newest first, without overlap or gap', async () => {
    const org = await createOrganization(stack);
    const created: Patient[] = [];
    for (let i = 0; i < 5; i++) created.push(await createPatient(stack, org.id));

    const pages = await allPages(org.id, 2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((p) => p.id)).toEqual(idsOf(created).reverse());
  });

  it("refuses a tampered cursor, and another organization's cursor, with 400 request.invalid_cursor", async () => {
    const org = await createOrganization(stack);
    const other = await createOrganization(stack);
    for (let i = 0; i < 3; i++) {
      await createPatient(stack, org.id);
      await createPatient(stack, other.id);
    }
    const first = expectStatus(await patientsPage(org.id, '?limit=1'), 200);
    const cursor = first.next_cursor ?? '';
    expect(cursor).not.toBe('');

    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, string>;
    const retargeted = Object.fromEntries(Object.entries(key).map(([k, v]) => [k, v.replaceAll(org.id, other.id)]));
    const tampered = [
      `${cursor.slice(0, -4)}!!!!`,
      Buffer.from('{"pk":', 'utf8').toString('base64url'),
      Buffer.from(JSON.stringify(retargeted), 'utf8').toString('base64url'),
    ];
    for (const bad of tampered) {
      const answer = await patientsPage(org.id, `?limit=1&cursor=${encodeURIComponent(bad)}`);
      expect(answer, bad).toEqual({ status: 400, body: { error: 'Invalid cursor', code: 'request.invalid_cursor' } });
    }

    // A page of the other organization's list never continues into this one, nor the reverse.
    const theirs = expectStatus(await patientsPage(other.id, '?limit=1'), 200);
    const crossed = await patientsPage(org.id, `?limit=1&cursor=${encodeURIComponent(theirs.next_cursor ?? '')}`);
    expect(crossed).toEqual({ status: 400, body: { error: 'Invalid cursor', code: 'request.invalid_cursor' } });
  });

  it("never lets a provider page into another organization's patients with its cursor", async () => {
    const { sunrise, lakeside } = await demoOrganizations(stack);
    const lakesidePage = expectStatus(await patientsPage(lakeside, '?limit=1', await lakesideToken(stack)), 200);
    expect(lakesidePage.next_cursor).not.toBeNull();
    const answer = await patientsPage(
      sunrise,
      `?limit=1&cursor=${encodeURIComponent(lakesidePage.next_cursor ?? '')}`,
      await sunriseToken(stack),
    );
    expect(answer).toEqual({ status: 400, body: { error: 'Invalid cursor', code: 'request.invalid_cursor' } });
  });
});

describe('patient search', () => {
  it('finds patients by a prefix of the last name, first name or e-mail, ignoring case and accents', async () => {
    const { sunrise, lakeside } = await demoOrganizations(stack);
    const last = word();
    const first = word();
    const mine = await createPatient(stack, sunrise, {
      first_name: `É${first}`,
      last_name: `Quill${last}`,
      email: `${last}.inbox@example.test`,
    });
    // The same names in the other organization: never in Sunrise's results.
    const theirs = await createPatient(stack, lakeside, {
      first_name: `É${first}`,
      last_name: `Quill${last}`,
      email: `${last}.inbox@elsewhere.test`,
    });
    const token = await sunriseToken(stack);
    const search = async (text: string) =>
      idsOf(expectStatus(await patientsPage(sunrise, `?search=${encodeURIComponent(text)}`, token), 200).items);

    expect(await search(`QUILL${last.slice(0, 4).toUpperCase()}`)).toEqual([mine.id]);
    expect(await search(`e${first.slice(0, 5)}`)).toEqual([mine.id]);
    expect(await search(`${last}.INBOX@`)).toEqual([mine.id]);
    expect(await search(`quill${last}zz`)).toEqual([]);

    const lakesideIds = idsOf(
      expectStatus(
        await patientsPage(lakeside, `?search=${encodeURIComponent(`quill${last}`)}`, await lakesideToken(stack)),
        200,
      ).items,
    );
    expect(lakesideIds).toEqual([theirs.id]);
  });

  it('finds a seeded demo patient by a prefix of the last name', async () => {
    const { sunrise } = await demoOrganizations(stack);
    const token = await sunriseToken(stack);
    // Newest first: other test files add patients to Sunrise, so the seed's may lie past the first page.
    const [seeded] = (await allPages(sunrise, 100)).flat().filter((p) => !p.email?.endsWith('@example.test'));
    expect(seeded).toBeDefined();
    const prefix = (seeded?.last_name ?? '').slice(0, 3).toLowerCase();
    const found = expectStatus(await patientsPage(sunrise, `?search=${encodeURIComponent(prefix)}`, token), 200);
    expect(idsOf(found.items)).toContain(seeded?.id);
  });
});
