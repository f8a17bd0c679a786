/**
 * What recording a consent change writes (docs/architecture.md "Writes as plans"): the change in the
 * patient's consent history, the patient's consent now and the worklist's patients awaiting consent,
 * in one transaction; then the charts' version moves.
 */
import { activeWithConsent, awaitingConsentWrites } from '../kernel/read-models/awaiting-consent';
import { chartsChangedWrite } from '../kernel/read-models/counters';
import type { WritePlan } from '../kernel/write-plan';
import { consentItem, type ConsentRecord } from '../kernel/records/consent';
import type { PatientRecord } from '../kernel/records/patient';

/**
 * Records `consent` over the patient as read (`current`): it holds only while the patient is active
 * and its consent is still the one read. Two staff recording at once: the second finds the status
 * moved (`conflict`) and is told to reload.
 */
export function consentPlan(current: PatientRecord, consent: ConsentRecord): WritePlan {
  const expected = current.consent?.status ?? 'not_asked';
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: consent.patientId },
        set: { consent_status: consent.status, consent_date: consent.date },
        when: activeWithConsent(expected),
      },
      { op: 'create', entity: 'consentRecord', item: consentItem(consent) },
      ...awaitingConsentWrites(current, expected, consent.status),
    ],
    afterCommit: [chartsChangedWrite(current.provider_id)],
  };
}
