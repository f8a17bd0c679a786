/**
 * Summary links on the local stack (product-rules.md "Screens", "Roles", "Errors",
 * "Links and expiry"): a link made the way the notifier makes it opens its call's summary for an operator and
 * the call's own provider staff; everyone else gets the refusals of product-rules.md "Roles", and every unusable token the
 * same 404. Each view leaves a summary-access record and an audit event.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DynamoWriteCommitter } from '../../lambdas/platform/dynamodb/committer';
import { createSummaryLink } from '../../lambdas/kernel/links';
import type { SummaryDetailResponse } from '../../shared/summaries';
import type { SummaryLinkResponse } from '../../shared/summary-link';
import { call } from '../support/api';
import {
  auditTrail,
  createCallablePatient,
  demoOrganizations,
  eventually,
  expectStatus,
  lakesideToken,
  operatorToken,
  scheduleCallFor,
  sunriseToken,
  tableOf,
  throwawayToken,
  organizationOf,
} from '../support/fixtures';

const stack = inject('stack');
const DAY = 24 * 60 * 60 * 1000;

const INVALID = { status: 404, body: { error: 'Invalid or expired magic link', code: 'link.invalid' } };
const OTHER_ORGANIZATION = {
  status: 403,
  body: {
    error: 'Access denied - You can only view summaries from your organization',
    code: 'summary.other_organization',
  },
};
const STAFF_ONLY = {
  status: 403,
  body: { error: 'Access denied - Provider or admin authentication required', code: 'summary.staff_only' },
};

/** A summary link as the notifier makes it, on the stack's own table; `now` dates it. */
function linkTo(ids: { call: string; org: string; patient: string }, now = new Date()) {
  const deps = { committer: new DynamoWriteCommitter(tableOf(stack)), clock: { now: () => now } };
  return createSummaryLink(deps, ids.call, ids.org, ids.patient, 'summary-links.int.test');
}
const tokenOf = (path: string) => path.replace(/^\/summary\//, '');
const open = (token: string, bearer?: string) =>
  call<SummaryLinkResponse>(stack, 'GET', `/summary-links/${encodeURIComponent(token)}`, { token: bearer });

let ids: { call: string; org: string; patient: string };
let patient: { first_name: string; last_name: string; email: string; phone_number: string | null };
let token: string;

beforeAll(async () => {
  const orgs = await demoOrganizations(stack);
  const nurse = await sunriseToken(stack);
  const created = await createCallablePatient(stack, orgs.sunrise, 4, nurse);
  patient = created;
  const placed = expectStatus(
    await call<{ call: { id: string } }>(stack, 'POST', `/patients/${created.id}/calls`, { token: nurse }),
    201,
  ).call;
  expectStatus(
    await eventually(
      () => call<SummaryDetailResponse>(stack, 'GET', `/calls/${placed.id}/summary`, { token: nurse }),
      (answer) => answer.status === 200,
    ),
    200,
  );
  ids = { call: placed.id, org: orgs.sunrise, patient: created.id };
  const path = await linkTo(ids);
  expect(path).toMatch(/^\/summary\/[A-Za-z0-9_-]{43}$/);
  token = tokenOf(path);
});

describe('GET /summary-links/{token}', () => {
  it("opens the summary for the call's own provider staff: call, transcript, patient and practice", async () => {
    const before = Date.now();
    const body = expectStatus(await open(token, await sunriseToken(stack)), 200);
    expect(Date.parse(body.accessedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.callLog).toMatchObject({
      id: ids.call,
      successEvaluation: expect.any(Boolean),
      escalationLevel: 'Urgent',
      summary: expect.stringMatching(/\S/),
    });
    expect(body.callLog.duration).toBeGreaterThanOrEqual(0);
    expect(body.callLog.transcript.length).toBeGreaterThan(0);
    expect(new Set(body.callLog.transcript.map((turn) => turn.speaker))).toEqual(new Set(['assistant', 'patient']));
    expect(body.patient).toEqual({
      first_name: patient.first_name,
      last_name: patient.last_name,
      email: patient.email,
      phone_number: patient.phone_number,
    });
    expect(body.provider).toMatchObject({ name: (await organizationOf(stack, ids.org)).name });
  });

  it('opens it for an operator, and as often as the link is used', async () => {
    const operator = await operatorToken(stack);
    for (let i = 0; i < 2; i++) {
      expect(expectStatus(await open(token, operator), 200).callLog.id).toBe(ids.call);
    }
  });

  it("refuses another organization's provider staff with its refusal text and no data", async () => {
    expect(await open(token, await lakesideToken(stack))).toEqual(OTHER_ORGANIZATION);
  });

  it('refuses patients and accounts without a group as staff-only, whatever the token', async () => {
    for (const bearer of [await throwawayToken(stack, 'patient', ids.org), await throwawayToken(stack, null)]) {
      expect(await open(token, bearer)).toEqual(STAFF_ONLY);
      expect(await open('not-a-token', bearer)).toEqual(STAFF_ONLY);
    }
  });

  it('answers 401 without a sign-in', async () => {
    expect(await open(token)).toEqual({ status: 401, body: { error: 'Unauthorized', code: 'auth.unauthorized' } });
  });

  it('answers the same 404 to an expired link, a call without a summary, malformed and 200 random tokens', async () => {
    const nurse = await sunriseToken(stack);
    const expired = tokenOf(await linkTo(ids, new Date(Date.now() - 31 * DAY)));
    const scheduled = await scheduleCallFor(stack, ids.patient, '1_month', nurse);
    const noSummary = tokenOf(await linkTo({ ...ids, call: scheduled.id }));
    const malformed = ['x', token.slice(0, 42), `${token}A`, `${token.slice(0, 42)}.`, '../../etc', 'A'.repeat(500)];
    for (const candidate of [expired, noSummary, ...malformed]) {
      expect(await open(candidate, nurse), candidate).toEqual(INVALID);
    }

    const random = Array.from({ length: 200 }, () => randomBytes(32).toString('base64url'));
    for (let i = 0; i < random.length; i += 20) {
      const answers = await Promise.all(random.slice(i, i + 20).map((candidate) => open(candidate, nurse)));
      for (const answer of answers) expect(answer).toEqual(INVALID);
    }
    // The operator, who may see every organization, gets the same answer.
    expect(await open(expired, await operatorToken(stack))).toEqual(INVALID);
  });

  it('keeps a summary-access record of every view, and an audit event of every view and refusal', async () => {
    const { data: accesses } = await tableOf(stack)
      .entities.summaryAccess.query.byCall({ call_log_id: ids.call })
      .go({ pages: 'all' });
    // The Sunrise nurse once, the operator twice; no refusal leaves a view.
    expect(accesses.map((a) => [a.role, a.organization_id ?? null])).toEqual([
      ['provider', ids.org],
      ['careloop_employee', null],
      ['careloop_employee', null],
    ]);
    for (const access of accesses) {
      expect(access.user_id).toMatch(/\S/);
      expect(Date.parse(access.accessed_at)).not.toBeNaN();
    }

    const trail = (await auditTrail(stack, `call:${ids.call}`)).filter((e) => e.action === 'summary.link_view');
    expect(trail.map((e) => [e.actor_role, e.outcome])).toEqual([
      ['provider', 'success'],
      ['careloop_employee', 'success'],
      ['careloop_employee', 'success'],
      ['provider', 'denied'],
    ]);
    expect(trail.every((e) => e.patient_id === ids.patient)).toBe(true);
    const unknown = await auditTrail(stack, 'call:unknown');
    expect(unknown.filter((e) => e.action === 'summary.link_view' && e.outcome === 'denied').length).toBeGreaterThan(0);
    expect(unknown.filter((e) => e.action === 'summary.link_view' && e.outcome === 'not_found').length).toBeGreaterThan(
      200,
    );
  });
});
