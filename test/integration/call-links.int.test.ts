/**
 * Call links (issue 21, Deliver 9), on the local stack: staff revoke all of a patient's links (a
 * revoked link answers like an expired one, a later link works); a link places at most one call per
 * patient per 15 minutes across all of the patient's links; outside 8:00-21:00 in the practice's
 * time zone a link places none and says when calls can be placed.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Patient } from '../../shared/domain';
import { CALL_LINK_MESSAGES } from '../../shared/texts';
import { call } from '../support/api';
import {
  auditTrail,
  createCallablePatient,
  createOrganization,
  expectStatus,
  tableOf,
  throwawayToken,
  timeZoneAtHour,
  vapiSecret,
} from '../support/fixtures';

const stack = inject('stack');
const db = tableOf(stack);
const INVALID = { status: 404, body: { error: CALL_LINK_MESSAGES.invalidDefault, code: 'link.invalid' } };

async function callablePatientAtHour(hour: number): Promise<{ patient: Patient; timezone: string; token: string }> {
  const timezone = timeZoneAtHour(hour);
  const organization = await createOrganization(stack, { timezone });
  const token = await throwawayToken(stack, 'provider', organization.id);
  return { patient: await createCallablePatient(stack, organization.id, 6, token), timezone, token };
}

async function newLink(patientId: string, token: string): Promise<string> {
  const answer = await call<{ link: string }>(stack, 'POST', `/patients/${patientId}/call-links`, { token });
  return expectStatus(answer, 201).link.split('/').pop() ?? '';
}

const open = (token: string) => call(stack, 'POST', `/call-links/${token}`);
/** What a link's answer says of its patient: the first name, and nothing else (spec §7). */
const firstNameOf = (patient: Patient) => ({ patient: { first_name: patient.first_name }, language: 'en' });

async function linkCalls(patientId: string, token: string) {
  const answer = await call<{ history: { items: { kind: string }[] } }>(stack, 'GET', `/patients/${patientId}/calls`, {
    token,
  });
  return expectStatus(answer, 200).history.items.filter((c) => c.kind === 'link');
}

/** Lets the patient be called again as far as the one-call-at-a-time lock goes: only the link window is left. */
const releasePatientLock = (patientId: string) =>
  db.entities.patient.patch({ patient_id: patientId }).remove(['active_call_id']).go();

/** The next call the voice simulator receives fails this way. */
async function voiceFault(next: string[]) {
  const { apiKey } = await vapiSecret(stack);
  const answer = await fetch(`${stack.voiceUrl}/__simulator/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ next }),
  });
  expect(answer.status).toBe(200);
}

describe('revoking call links', () => {
  it('revokes every link of the patient (they answer like expired ones), audited; a later link works', async () => {
    const { patient, token } = await callablePatientAtHour(13);
    const first = await newLink(patient.id, token);
    const second = await newLink(patient.id, token);

    const revoked = await call<{ revoked: boolean; revoked_at: string }>(
      stack,
      'DELETE',
      `/patients/${patient.id}/call-links`,
      { token },
    );
    expect(expectStatus(revoked, 200).revoked).toBe(true);
    expect(await open(first)).toEqual(INVALID);
    expect(await open(second)).toEqual(INVALID);
    expect(await linkCalls(patient.id, token)).toEqual([]);
    const trail = await auditTrail(stack, `patient:${patient.id}`);
    // Each link and the revocation have their success event (written in the change's own transaction).
    const successes = (action: string) => trail.filter((e) => e.action === action && e.outcome === 'success');
    expect(successes('call_link.create')).toHaveLength(2);
    expect(successes('call_link.revoke')).toHaveLength(1);

    const later = await newLink(patient.id, token);
    expect(await open(later)).toEqual({
      status: 200,
      body: { isValid: true, ...firstNameOf(patient), call: 'placed' },
    });
  });

  it("refuses another organization's patient and a malformed id with 404, and other roles with 403", async () => {
    const { patient } = await callablePatientAtHour(13);
    const stranger = await throwawayToken(stack, 'provider', (await createOrganization(stack)).id);
    expect(await call(stack, 'DELETE', `/patients/${patient.id}/call-links`, { token: stranger })).toEqual({
      status: 404,
      body: { error: 'Patient Not Found', code: 'patient.not_found' },
    });
    expect(await call(stack, 'DELETE', `/patients/not-an-id/call-links`, { token: stranger })).toEqual({
      status: 404,
      body: { error: 'Patient Not Found', code: 'patient.not_found' },
    });
    const asPatient = await throwawayToken(stack, 'patient', patient.provider_id);
    expect((await call(stack, 'DELETE', `/patients/${patient.id}/call-links`, { token: asPatient })).status).toBe(403);
    expect((await call(stack, 'DELETE', `/patients/${patient.id}/call-links`)).status).toBe(401);
  });
});

describe("one call per patient per 15 minutes across all of the patient's links", () => {
  it('a second link of the patient places none within the window, and one after it', async () => {
    const { patient, token } = await callablePatientAtHour(13);
    const first = await newLink(patient.id, token);
    const second = await newLink(patient.id, token);
    expect(await open(first)).toEqual({
      status: 200,
      body: { isValid: true, ...firstNameOf(patient), call: 'placed' },
    });
    // Not the lock of the call under way: the patient's window alone keeps the second link from calling.
    await releasePatientLock(patient.id);
    expect(await open(second)).toEqual({
      status: 200,
      body: { isValid: true, ...firstNameOf(patient), call: 'on_its_way' },
    });
    expect(await linkCalls(patient.id, token)).toHaveLength(1);

    const { data } = await db.entities.patientLinks.get({ patient_id: patient.id }).go();
    expect(data?.call_at).toBeDefined();
    await db.entities.patientLinks
      .patch({ patient_id: patient.id })
      .set({ call_at: new Date(Date.now() - 16 * 60_000).toISOString() })
      .go();
    await releasePatientLock(patient.id);
    expect(await open(second)).toEqual({
      status: 200,
      body: { isValid: true, ...firstNameOf(patient), call: 'placed' },
    });
    expect(await linkCalls(patient.id, token)).toHaveLength(2);
  });

  it('two links opened at once place one call', async () => {
    const { patient, token } = await callablePatientAtHour(13);
    const links = await Promise.all([1, 2, 3].map(() => newLink(patient.id, token)));
    const answers = await Promise.all(links.map(open));
    expect(answers.filter((a) => (a.body as { call?: string }).call === 'placed')).toHaveLength(1);
    expect(await linkCalls(patient.id, token)).toHaveLength(1);
  });
});

describe('a call the voice platform refuses', () => {
  it("gives the patient's window back: the link answers that the call failed, and works again", async () => {
    const { patient, token } = await callablePatientAtHour(13);
    const link = await newLink(patient.id, token);
    await voiceFault(['http-400']);
    expect(await open(link)).toEqual({
      status: 502,
      body: { error: CALL_LINK_MESSAGES.callFailed, code: 'link.call_failed' },
    });
    const { data } = await db.entities.patientLinks.get({ patient_id: patient.id }).go();
    expect(data?.call_at).toBeUndefined();

    // Not the lock of the failed call: the window alone decides whether the link calls again.
    await releasePatientLock(patient.id);
    expect(await open(link)).toEqual({
      status: 200,
      body: { isValid: true, ...firstNameOf(patient), call: 'placed' },
    });
  });
});

describe('calling hours', () => {
  it("outside 8:00-21:00 in the practice's time zone places none and says when calls can be placed", async () => {
    const { patient, timezone, token } = await callablePatientAtHour(3);
    const link = await newLink(patient.id, token);
    const answer = await open(link);
    const body = expectStatus(answer, 200) as { call: string; next_call_at: string; time_zone: string };
    expect(body).toEqual({
      isValid: true,
      ...firstNameOf(patient),
      call: 'outside_hours',
      next_call_at: expect.any(String),
      time_zone: timezone,
    });
    const hoursAway = (Date.parse(body.next_call_at) - Date.now()) / 3_600_000;
    expect(hoursAway).toBeGreaterThan(4);
    expect(hoursAway).toBeLessThanOrEqual(5);
    const local = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hour: 'numeric', minute: '2-digit' });
    expect(local.format(new Date(body.next_call_at))).toBe('8:00 AM');
    expect(await linkCalls(patient.id, token)).toEqual([]);
    // The window is not taken: nothing was placed.
    const { data } = await db.entities.patientLinks.get({ patient_id: patient.id }).go();
    expect(data?.call_at).toBeUndefined();
  });
});
