import { describe, expect, it } from 'vitest';
import { patientRecord } from '../../shared/api/records';
import { examplePatient } from '../../shared/api/examples';
import { toPatient } from './mappers';
import type { PatientRecord } from './records/patient';

describe('toPatient', () => {
  it('answers the wire shape alone: stored-only fields (program history, stop flag, funnel) never leak', () => {
    const { enrollment_stage: _stage, ...wire } = examplePatient;
    const stored: PatientRecord = {
      ...wire,
      status: 'active',
      enrollmentStage: 'enrolled',
      callsStoppedAt: '2026-11-02T10:00:00.000Z',
      carePrograms: [
        {
          program: 'apcm',
          from: '2026-12',
          pcm_condition: null,
          set_at: '2026-11-20T12:00:00.000Z',
          set_by: 'u',
          set_by_name: 'N',
        },
      ],
      careProgramVersion: 2,
    };
    const answer = toPatient(stored);

    expect(Object.keys(answer).sort()).toEqual(Object.keys(patientRecord.shape).sort());
    expect(answer.enrollment_stage).toBe('enrolled');
  });
});
