/** The enrollment routes: a patient's chart out as FHIR R4. */
import * as z from 'zod/mini';
import { EXAMPLE_IDS, examplePatient, exampleProvider } from '../examples';
import { answer, type RouteContract } from './route';
import { ENROLLMENT_ENDPOINTS } from '../endpoints/enrollment';

/**
 * A FHIR R4 Bundle of type `collection` (lambdas/enrollment/fhir-bundle.ts): each entry a resource
 * under its `urn:uuid` fullUrl. The resources are FHIR R4's own (the tests validate them with
 * Medplum's validator), so each is described here only by its `resourceType`.
 */
const fhirBundleAnswer = z.object({
  resourceType: z.literal('Bundle'),
  type: z.literal('collection'),
  timestamp: z.string(),
  entry: z.array(z.object({ fullUrl: z.string(), resource: z.looseObject({ resourceType: z.string() }) })),
});

const PATIENT_URL = 'urn:uuid:6f1c2a4e-3b5d-5e7f-8a9b-0c1d2e3f4a5b';
const ORGANIZATION_URL = 'urn:uuid:1a2b3c4d-5e6f-5a7b-8c9d-0e1f2a3b4c5d';

export const ENROLLMENT_CONTRACT = {
  // FHIR R4 out.
  exportPatientFhir: {
    ...ENROLLMENT_ENDPOINTS.exportPatientFhir,
    summary:
      "A patient's chart as a FHIR R4 collection Bundle: Patient, Organization, Conditions, CarePlan, Goals, " +
      'MedicationStatements, Consent and a Communication per call and text (the newest 100 calls and 200 texts)',
    media: 'fhir',
    answers: {
      200: answer(fhirBundleAnswer, 'A FHIR R4 Bundle (application/fhir+json)', {
        resourceType: 'Bundle',
        type: 'collection',
        timestamp: '2026-11-27T15:00:00.000Z',
        entry: [
          {
            fullUrl: PATIENT_URL,
            resource: {
              resourceType: 'Patient',
              identifier: [{ system: 'urn:careloop:patient', value: EXAMPLE_IDS.patient }],
              name: [{ use: 'official', family: examplePatient.last_name, given: [examplePatient.first_name] }],
              birthDate: examplePatient.date_of_birth,
              managingOrganization: { reference: ORGANIZATION_URL },
            },
          },
          {
            fullUrl: ORGANIZATION_URL,
            resource: { resourceType: 'Organization', name: exampleProvider.name },
          },
        ],
      }),
    },
  },
} as const satisfies Record<string, RouteContract>;
