/**
 * A page of a summary list: its events start beside the names' read, not after it (issue 27 item 5:
 * 2 waves), one per patient shown, named or not; a names' read that fails leaves an event of that
 * failure.
 */
import { describe, expect, it, vi } from 'vitest';
import { SUMMARY_MESSAGES } from '../../shared/call-messages';
import { SUMMARIES_PAGE_SIZE } from '../../shared/values/summaries';
import type { Actor } from '../kernel/actor';
import type { PatientRecord } from '../kernel/records/patient';
import type { SummaryEntry } from '../kernel/records/summary-entry';
import { listSummaries, type SummaryDeps } from './summaries';
import { held, patientNamed, recordingAudit } from '../../test/support/list-pages';

const AT = '2026-03-01T12:00:00.000Z';
const nurse: Actor = { userId: 'nurse-1', email: 'n@sunrise.example', role: 'provider', providerId: 'org-1' };

const entry = (callId: string, patientId: string): SummaryEntry => ({
  call_log_id: callId,
  patient_id: patientId,
  provider_id: 'org-1',
  summary: 'Feeling well.',
  status: 'requires_followup',
  escalation_level: 'Urgent',
  note_to_doctor: null,
  duration_seconds: 120,
  created_at: AT,
  version: 1,
});

const patient = (id: string, first: string) => patientNamed(id, first, AT);

function depsWith(names: Promise<PatientRecord[]>) {
  const { audit, recorded } = recordingAudit();
  const counts = { requires_followup: 2, successful: 0, added_to_emr: 0, Emergent: 0, Urgent: 2, Elective: 0 };
  const deps = {
    audit,
    clock: { now: () => new Date(AT) },
    summaries: {
      page: vi.fn(async () => ({ entries: [entry('call-1', 'pat-1'), entry('call-2', 'pat-2')], cursor: null })),
      counts: vi.fn(async () => counts),
    },
    patients: { getMany: vi.fn(() => names) },
    organizations: { getRef: vi.fn() },
  } as unknown as SummaryDeps;
  return { deps, recorded };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('listSummaries', () => {
  it('writes the page events while the names are still being read, and shows an unnamed patient as unknown', async () => {
    const names = held<PatientRecord[]>();
    const { deps, recorded } = depsWith(names.promise);
    const answer = listSummaries(deps, nurse, { month: '2026-03' });
    await settle();
    expect(recorded.map((events) => events.map((e) => [e.action, e.patientId ?? null, e.outcome]))).toEqual([
      [
        ['summary.list', 'pat-1', 'success'],
        ['summary.list', 'pat-2', 'success'],
        ['summary.list', null, 'success'],
      ],
    ]);
    names.release([patient('pat-1', 'Margaret')]);
    const page = await answer;
    expect(page.summaries.map((s) => [s.call_id, s.patient_name])).toEqual([
      ['call-1', 'Margaret Alvarez'],
      ['call-2', SUMMARY_MESSAGES.unknownPatient],
    ]);
    expect(page.counts.requires_followup).toBe(2);
    expect(deps.summaries.page).toHaveBeenCalledWith(
      'org#org-1#2026-03',
      'requires_followup',
      SUMMARIES_PAGE_SIZE,
      null,
    );
    expect(recorded).toHaveLength(1);
  });

  it('records the failure after the page events when the names cannot be read', async () => {
    const names = held<PatientRecord[]>();
    const { deps, recorded } = depsWith(names.promise);
    const answer = listSummaries(deps, nurse, { month: '2026-03' });
    await settle();
    names.refuse(new Error('throttled'));
    await expect(answer).rejects.toThrow('throttled');
    expect(recorded.map((events) => events.map((e) => e.outcome))).toEqual([
      ['success', 'success', 'success'],
      ['error'],
    ]);
  });
});
