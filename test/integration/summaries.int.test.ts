/**
 * Call summaries: every completed call with a summary is listed under its month and tabs, for its
 * organization and for operators; the product-rules.md "Summaries, escalations and notifications" transitions move it between tabs with optimistic versions.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { SummariesResponse, SummaryDetailResponse } from '../../shared/summaries';
import { call } from '../support/api';
import {
  createCallablePatient,
  createOrganization,
  createUser,
  eventually,
  expectStatus,
  lakesideToken,
  operatorToken,
  tokenOf,
  uniqueEmail,
} from '../support/fixtures';

const stack = inject('stack');

/** An organization of its own, with a staff member, so counts move only by this file's calls. */
let org: { id: string };
let nurse: string;

beforeAll(async () => {
  org = await createOrganization(stack, { timezone: 'America/Chicago' });
  const staff = await createUser(stack, { provider_id: org.id, email: uniqueEmail('summaries'), role: 'provider' });
  nurse = await tokenOf(stack, staff.email);
});

const list = async (query: string, token = nurse) =>
  expectStatus(await call<SummariesResponse>(stack, 'GET', `/summaries${query}`, { token }), 200);

/** Places a call for a new patient whose number ends in `digit`, and waits for its report. */
async function completedCall(digit: number) {
  const patient = await createCallablePatient(stack, org.id, digit, nurse);
  const placed = expectStatus(
    await call<{ call: { id: string } }>(stack, 'POST', `/patients/${patient.id}/calls`, { token: nurse }),
    201,
  ).call;
  const detail = await eventually(
    () => call<SummaryDetailResponse>(stack, 'GET', `/calls/${placed.id}/summary`, { token: nurse }),
    (a) => a.status === 200,
  );
  return expectStatus(detail, 200).summary;
}

describe('summaries', () => {
  it('lists a completed call under its status and escalation tabs, this month and all time, with counts', async () => {
    const emergent = await completedCall(3);
    expect(emergent).toMatchObject({ status: 'requires_followup', escalation_level: 'Emergent' });
    expect(emergent.transcript.length).toBeGreaterThan(0);

    const thisMonth = await list('?tab=Emergent');
    expect(thisMonth.summaries.map((s) => s.id)).toEqual([emergent.id]);
    expect(thisMonth.counts).toMatchObject({ Emergent: 1, requires_followup: 1, successful: 0 });
    expect(thisMonth.summaries[0]).toMatchObject({ patient_name: expect.stringMatching(/^Test Patient-/) });
    expect((await list('?month=all&tab=requires_followup')).summaries.map((s) => s.id)).toContain(emergent.id);
    // Default tab: Incomplete.
    expect((await list('')).tab).toBe('requires_followup');

    const normal = await completedCall(7);
    expect(normal).toMatchObject({ status: 'successful', escalation_level: 'Normal' });
    const successful = await list('?tab=successful');
    expect(successful.summaries.map((s) => s.id)).toEqual([normal.id]);
    expect(successful.counts).toMatchObject({ successful: 1, requires_followup: 1, Emergent: 1, Elective: 0 });

    // Operators see every organization's summaries.
    const all = await list('?month=all&tab=Emergent', await operatorToken(stack));
    expect(all.summaries.map((s) => s.id)).toContain(emergent.id);
  });

  it('moves a summary through product-rules.md "Summaries, escalations and notifications" transitions, refusing stale versions and forbidden moves', async () => {
    const summary = await completedCall(8);
    const patch = (body: unknown) =>
      call<{ summary: { status: string; version: number } }>(stack, 'PATCH', `/calls/${summary.id}/summary-status`, {
        token: nurse,
        body,
      });
    const before = (await list('?tab=successful')).counts;

    const toEmr = expectStatus(await patch({ status: 'added_to_emr', version: summary.version }), 200).summary;
    expect(toEmr).toMatchObject({ status: 'added_to_emr', version: summary.version + 1 });
    const after = await list('?tab=added_to_emr');
    expect(after.summaries.map((s) => s.id)).toContain(summary.id);
    expect(after.counts.successful).toBe(before.successful - 1);
    expect(after.counts.added_to_emr).toBe(before.added_to_emr + 1);

    // The other nurse's stale copy cannot overwrite it.
    expect(await patch({ status: 'requires_followup', version: summary.version })).toEqual({
      status: 409,
      body: {
        error: 'This summary was changed by someone else. Reload and try again.',
        code: 'summary.version_conflict',
      },
    });
    // Added to EMR → Incomplete is not a product-rules.md "Summaries, escalations and notifications" transition.
    expect(await patch({ status: 'requires_followup', version: toEmr.version })).toMatchObject({
      status: 400,
      body: { code: 'summary.transition_not_allowed' },
    });
    const back = expectStatus(await patch({ status: 'successful', version: toEmr.version }), 200).summary;
    const incomplete = expectStatus(await patch({ status: 'requires_followup', version: back.version }), 200).summary;
    expect(incomplete.status).toBe('requires_followup');
    // Added to EMR while Incomplete: refused.
    expect(await patch({ status: 'added_to_emr', version: incomplete.version })).toMatchObject({ status: 400 });
    const detail = expectStatus(
      await call<SummaryDetailResponse>(stack, 'GET', `/calls/${summary.id}/summary`, { token: nurse }),
      200,
    ).summary;
    expect(detail).toMatchObject({ status: 'requires_followup', version: incomplete.version });
  });

  it("never shows or changes another organization's summary", async () => {
    const summary = await completedCall(6);
    const lakeside = await lakesideToken(stack);
    expect(await call(stack, 'GET', `/calls/${summary.id}/summary`, { token: lakeside })).toEqual({
      status: 404,
      body: { error: 'Summary Not Found', code: 'summary.not_found' },
    });
    expect(
      await call(stack, 'PATCH', `/calls/${summary.id}/summary-status`, {
        token: lakeside,
        body: { status: 'added_to_emr', version: summary.version },
      }),
    ).toMatchObject({ status: 404 });
    const theirs = await list('?month=all&tab=successful', lakeside);
    expect(theirs.summaries.map((s) => s.id)).not.toContain(summary.id);
  });

  it('pages with an opaque cursor, and refuses one it did not make', async () => {
    const first = await list('?month=all&tab=successful');
    expect(first.cursor === null || typeof first.cursor === 'string').toBe(true);
    expect(await call(stack, 'GET', '/summaries?month=all&cursor=not-a-cursor', { token: nurse })).toMatchObject({
      status: 400,
      body: { error: 'Invalid cursor', code: 'request.invalid_cursor' },
    });
  });

  it("counts the provider dashboard's New Summaries as successful calls this month", async () => {
    const stats = expectStatus(
      await call<{ newSummariesCount: number }>(stack, 'GET', '/dashboard-stats', { token: nurse }),
      200,
    );
    const counts = (await list('')).counts;
    expect(stats.newSummariesCount).toBe(counts.successful + counts.added_to_emr);
  });
});
