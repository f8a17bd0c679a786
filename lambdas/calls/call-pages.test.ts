/**
 * The operators' pages of calls across patients (Calls Made, Scheduled Calls): the page's events
 * start beside the names' read, not after it (issue 27 item 5: 2 waves), name every patient the page
 * shows, and a names' read that fails still leaves an event of that failure.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Actor } from '../kernel/actor';
import { newCallLog, type CallLogRecord } from '../kernel/records/call-log';
import type { PatientRecord } from '../kernel/records/patient';
import type { CallDeps } from './call-placing';
import { listRecentCalls, listScheduledCalls } from './calls';
import { held, patientNamed, recordingAudit } from '../../test/support/list-pages';

const AT = '2026-03-01T12:00:00.000Z';
const operator: Actor = { userId: 'op-1', email: 'admin@careloop.health', role: 'careloop_employee', providerId: null };
const nurse: Actor = { userId: 'nurse-1', email: 'n@sunrise.example', role: 'provider', providerId: 'org-1' };

const call = (id: string, patientId: string): CallLogRecord =>
  newCallLog(
    { id, patient_id: patientId, provider_id: 'org-1', status: 'completed', kind: 'instant', created_by: 'x' },
    AT,
  );

const patient = (id: string, first: string) => patientNamed(id, first, AT);

function depsWith(names: Promise<PatientRecord[]>) {
  const { audit, recorded } = recordingAudit();
  const page = { items: [call('call-1', 'pat-1'), call('call-2', 'pat-2'), call('call-3', 'pat-1')], cursor: 'next' };
  const deps = {
    audit,
    callLogs: { pageRecent: vi.fn(async () => page), pageScheduled: vi.fn(async () => page) },
    patients: { getMany: vi.fn(() => names) },
    organizations: { getRefs: vi.fn(async () => [{ id: 'org-1', name: 'Sunrise Family Medicine', status: 'active' }]) },
  } as unknown as CallDeps;
  return { deps, recorded };
}

/** Lets every pending callback run (the work goes as far as it can without the names). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe.each([
  ['Calls Made', listRecentCalls, 'call.list_recent'],
  ['Scheduled Calls', listScheduledCalls, 'call.list_scheduled'],
] as const)('%s', (_name, list, action) => {
  it('writes the page events while the names are still being read, one per patient shown', async () => {
    const names = held<PatientRecord[]>();
    const { deps, recorded } = depsWith(names.promise);
    const answer = list(deps, operator, { limit: 25, cursor: null });
    await settle();
    expect(recorded).toHaveLength(1);
    const [events] = recorded;
    expect(events?.map((e) => [e.action, e.patientId ?? null, e.outcome])).toEqual([
      [action, 'pat-1', 'success'],
      [action, 'pat-2', 'success'],
      [action, null, 'success'],
    ]);
    names.release([patient('pat-1', 'Margaret'), patient('pat-2', 'Ruth')]);
    const page = await answer;
    expect(page.items.map((c) => [c.id, c.patient_name, c.provider_name])).toEqual([
      ['call-1', 'Margaret Alvarez', 'Sunrise Family Medicine'],
      ['call-2', 'Ruth Alvarez', 'Sunrise Family Medicine'],
      ['call-3', 'Margaret Alvarez', 'Sunrise Family Medicine'],
    ]);
    expect(page.next_cursor).toBe('next');
    expect(recorded).toHaveLength(1);
  });

  it('records the failure after the page events when the names cannot be read', async () => {
    const names = held<PatientRecord[]>();
    const { deps, recorded } = depsWith(names.promise);
    const answer = list(deps, operator, { limit: 25, cursor: null });
    await settle();
    names.refuse(new Error('throttled'));
    await expect(answer).rejects.toThrow('throttled');
    expect(recorded.map((events) => events.map((e) => e.outcome))).toEqual([
      ['success', 'success', 'success'],
      ['error'],
    ]);
  });

  it('reads and records nothing for a practice user', async () => {
    const { deps, recorded } = depsWith(Promise.resolve([]));
    await expect(list(deps, nurse, { limit: 25, cursor: null })).rejects.toMatchObject({ code: 'auth.forbidden' });
    expect(recorded).toEqual([]);
    expect(deps.patients.getMany).not.toHaveBeenCalled();
  });
});
