/**
 * FHIR R4 out (DECISIONS "Enrollment"; issue 24 item 5): a patient's chart as a `collection`
 * Bundle, for the practice's EHR or the patient's next practice.
 */
import type { Bundle } from '@medplum/fhirtypes';
import type { Actor } from '../kernel/actor';
import { patientForActor, type PatientAccessDeps } from '../kernel/access';
import { audited } from '../kernel/audit';
import type { AuditLog } from '../kernel/audit-entry';
import { toCallSummary, toPatient } from '../kernel/mappers';
import type { Clock } from '../kernel/ports';
import { patientBundle } from './fhir-bundle';
import type { PatientChartReads } from './ports';

export interface FhirExportDeps extends PatientAccessDeps {
  chart: PatientChartReads;
  audit: AuditLog;
  clock: Clock;
}

/**
 * What one export carries at most, newest first: a Bundle stays one answer (well inside a Lambda
 * response) however long the patient has been enrolled. A monthly check-in fills 100 calls in over
 * eight years; a text a week, 200 texts in about four; 500 readings hold the 100 calls' measures. The consent's newest change is its state.
 */
export const FHIR_EXPORT_LIMITS = { calls: 100, texts: 200, consentChanges: 20, observations: 500 } as const;

/**
 * The patient's Bundle: the Patient with MRN, date of birth and language, their Organization, the
 * care plan's Conditions, CarePlan, Goals and MedicationStatements, the Consent, and a Communication
 * per call and text and an Observation per reading (FHIR_EXPORT_LIMITS). Whoever may read the patient may export it; nothing of the
 * chart is read before that check passes. Audited as a read of the patient.
 */
export async function exportPatientFhir(deps: FhirExportDeps, actor: Actor, patientId: string): Promise<Bundle> {
  return audited(deps.audit, actor, 'patient.export_fhir', { type: 'patient', id: patientId }, async () => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    const [carePlan, consent, calls, texts, observations] = await Promise.all([
      deps.chart.carePlan(patientId),
      deps.chart.consentHistory(patientId, FHIR_EXPORT_LIMITS.consentChanges),
      deps.chart.calls(patientId, FHIR_EXPORT_LIMITS.calls),
      deps.chart.texts(patientId, FHIR_EXPORT_LIMITS.texts),
      deps.chart.observations(patientId, FHIR_EXPORT_LIMITS.observations),
    ]);
    return patientBundle({
      patient: toPatient(patient),
      organization: { id: organization.id, name: organization.name },
      carePlan,
      consent,
      calls: calls.map((log) => toCallSummary(log, patient, organization.name)),
      texts,
      observations,
      at: deps.clock.now().toISOString(),
    });
  });
}
