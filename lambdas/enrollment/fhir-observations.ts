/**
 * A patient's observations as FHIR R4 Observations (DECISIONS "Observations"), for the patient's
 * Bundle (fhir-bundle.ts): LOINC-coded, valued in UCUM units, with the category FHIR's vital-signs
 * and survey conventions give (a glucometer reading is a laboratory value), the time it was taken
 * and whether the patient read it from a device or reported it. A call's systolic and diastolic
 * pressures travel as one blood pressure panel with two components, as FHIR's vital signs profile
 * has them. Pure: the route reads the observations and this shapes them.
 */
import type {
  CodeableConcept,
  Observation as FhirObservation,
  ObservationComponent,
  Quantity,
} from '@medplum/fhirtypes';
import type { Observation } from '../../shared/domain';
import { MEASURES, type Measure } from '../../shared/observations/measures';

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const CATEGORIES = 'http://terminology.hl7.org/CodeSystem/observation-category';
/** CareLoop's identifier of one observation: the call it came from and its LOINC code. */
export const CARELOOP_OBSERVATION_SYSTEM = 'urn:careloop:observation';

/** LOINC 85354-9 "Blood pressure panel with all children optional": FHIR's vital signs BP code. */
const BLOOD_PRESSURE_PANEL = { code: '85354-9', display: 'Blood pressure panel with all children optional' };

const CATEGORY_OF: Record<Measure, 'vital-signs' | 'laboratory' | 'survey'> = {
  systolic: 'vital-signs',
  diastolic: 'vital-signs',
  weight: 'vital-signs',
  glucose: 'laboratory',
  phq2: 'survey',
  phq9: 'survey',
  phq9Item9: 'survey',
  gad7: 'survey',
};
const CATEGORY_DISPLAY = { 'vital-signs': 'Vital Signs', laboratory: 'Laboratory', survey: 'Survey' } as const;

const loinc = (code: string, display: string): CodeableConcept => ({
  coding: [{ system: LOINC, code, display }],
  text: display,
});

function quantity(observation: Observation): Quantity {
  const { unit, label } = MEASURES[observation.measure];
  return { value: observation.value, unit: label || 'score', system: UCUM, code: unit };
}

/** Who took the reading: the patient, by a device or from memory (FHIR has no "source" of its own). */
const method = (observation: Observation): CodeableConcept => ({
  text: observation.source === 'device' ? 'Read from a home device by the patient' : 'Reported by the patient',
});

function base(observation: Observation, patientUrl: string, code: string): FhirObservation {
  const category = CATEGORY_OF[observation.measure];
  return {
    resourceType: 'Observation',
    identifier: [{ system: CARELOOP_OBSERVATION_SYSTEM, value: `${observation.call_log_id}:${code}` }],
    status: 'final',
    category: [{ coding: [{ system: CATEGORIES, code: category, display: CATEGORY_DISPLAY[category] }] }],
    code: loinc(code, MEASURES[observation.measure].name),
    subject: { reference: patientUrl },
    effectiveDateTime: observation.observed_at,
    performer: [{ reference: patientUrl }],
    method: method(observation),
  };
}

const component = (observation: Observation): ObservationComponent => ({
  code: loinc(MEASURES[observation.measure].loinc, MEASURES[observation.measure].name),
  valueQuantity: quantity(observation),
});

/**
 * Each observation as an R4 Observation about the patient at `patientUrl` (the Bundle entry's
 * fullUrl), in the order given; a call's systolic and diastolic pair becomes one panel where the
 * systolic was.
 */
export function observationResources(observations: readonly Observation[], patientUrl: string): FhirObservation[] {
  const diastolicOf = new Map(
    observations.filter((o) => o.measure === 'diastolic').map((o) => [`${o.call_log_id}|${o.observed_at}`, o]),
  );
  const paired = new Set<Observation>();
  const resources: FhirObservation[] = [];
  for (const observation of observations) {
    if (paired.has(observation)) continue;
    const diastolic =
      observation.measure === 'systolic'
        ? diastolicOf.get(`${observation.call_log_id}|${observation.observed_at}`)
        : undefined;
    if (diastolic) {
      paired.add(diastolic);
      resources.push({
        ...base(observation, patientUrl, BLOOD_PRESSURE_PANEL.code),
        code: loinc(BLOOD_PRESSURE_PANEL.code, BLOOD_PRESSURE_PANEL.display),
        component: [component(observation), component(diastolic)],
      });
      continue;
    }
    resources.push({
      ...base(observation, patientUrl, MEASURES[observation.measure].loinc),
      valueQuantity: quantity(observation),
    });
  }
  return resources;
}
