/**
 * What recording a consent change writes (docs/architecture.md "Writes as plans"): the change in the
 * patient's consent history, the patient's consent now, the worklist's patients awaiting consent and
 * the patient's enrollment funnel stage (stageAfterConsent), in one transaction; then the charts'
 * version moves.
 */
import { activeWithConsent, awaitingConsentWrites } from '../kernel/read-models/awaiting-consent';
import { stageAfterConsent } from '../../shared/enrollment/funnel';
import { chartsChangedWrite } from '../kernel/read-models/counters';
import { enrollmentStageWrites, stagePatch, withStage } from '../kernel/read-models/enrollment-stages';
import { allOf, listedAsRead } from '../kernel/read-models/listed-patient';
import type { WritePlan } from '../kernel/write-plan';
import { consentItem, type ConsentRecord } from '../kernel/records/consent';
import type { PatientRecord } from '../kernel/records/patient';

/**
 * Records `consent` over the patient as read (`current`): it holds only while the patient is active
 * and its consent and enrollment stage are still the ones read (and, when its stage moves, what the
 * Enrollment panel's lists show of it). Two staff recording at once: the
 * second finds the status moved (`conflict`) and is told to reload.
 */
export function consentPlan(current: PatientRecord, consent: ConsentRecord): WritePlan {
  const expected = current.consent?.status ?? 'not_asked';
  const stage = stageAfterConsent(current.enrollmentStage, consent.status, current.conditionCount ?? 0);
  const moved = stagePatch(current.enrollmentStage, stage);
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: consent.patientId },
        set: { consent_status: consent.status, consent_date: consent.date, ...moved.set },
        ...(moved.remove.length > 0 ? { remove: moved.remove } : {}),
        when: allOf(
          withStage(activeWithConsent(expected), current.enrollmentStage),
          // A move puts the new stage's item with a copy of the patient as read (listed-patient.ts).
          stage !== current.enrollmentStage && stage !== undefined ? listedAsRead(current) : undefined,
        ),
      },
      { op: 'create', entity: 'consentRecord', item: consentItem(consent) },
      ...awaitingConsentWrites(current, expected, consent.status),
      ...enrollmentStageWrites(current, current.enrollmentStage, stage, consent.recordedAt),
    ],
    afterCommit: [chartsChangedWrite(current.provider_id)],
  };
}
