/**
 * A FHIR R4 Bundle read as a panel (DECISIONS "Enrollment"): each Patient becomes one import row, with
 * the ICD-10-CM codes of its active Conditions, its active MedicationStatements and MedicationRequests
 * and its AllergyIntolerances, found by the references that name it. The row is then checked by the
 * same rules as a CSV row (shared/enrollment/import-rows.ts). A Patient's row number is its entry's
 * position in the Bundle (1 for the first entry).
 */
import type {
  AllergyIntolerance,
  Bundle,
  CodeableConcept,
  Condition,
  MedicationRequest,
  MedicationStatement,
  Patient,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import { normaliseIcd10Cm } from '../../shared/ccm/chronic-conditions';
import type { RawImportRow } from '../../shared/enrollment/import-rows';
import { IMPORT_MESSAGES } from '../../shared/enrollment/messages';
import { ImportFileError, type NumberedRow } from './csv-rows';

export const ICD10_CM_SYSTEM = 'http://hl7.org/fhir/sid/icd-10-cm';
/** HL7 v2 table 0203: the identifier type of a medical record number. */
const IDENTIFIER_TYPE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v2-0203';

/** Whether parsed JSON is a Bundle at all (its entries are read leniently: what is not understood is skipped). */
function isBundle(json: unknown): json is Bundle {
  if (!json || typeof json !== 'object') return false;
  const { resourceType, entry } = json as { resourceType?: unknown; entry?: unknown };
  return resourceType === 'Bundle' && (entry === undefined || Array.isArray(entry));
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

function conceptName(concept: CodeableConcept | undefined): string | undefined {
  return text(concept?.text) ?? concept?.coding?.map((c) => text(c.display)).find(Boolean);
}

/** A status coded in a CodeableConcept (clinicalStatus, verificationStatus), or undefined. */
const statusOf = (concept: CodeableConcept | undefined) => concept?.coding?.map((c) => c.code).find(Boolean);

function mrnOf(patient: Patient): string | undefined {
  const identifiers = patient.identifier ?? [];
  const medicalRecord = identifiers.find((i) =>
    i.type?.coding?.some((c) => c.code === 'MR' && (!c.system || c.system === IDENTIFIER_TYPE_SYSTEM)),
  );
  return text((medicalRecord ?? identifiers.find((i) => i.use === 'usual') ?? identifiers[0])?.value);
}

function patientRow(patient: Patient): RawImportRow {
  const names = patient.name ?? [];
  const name = names.find((n) => n.use === 'official') ?? names.find((n) => n.use === 'usual') ?? names[0];
  const telecom = patient.telecom ?? [];
  const byRank = (system: string) =>
    telecom
      .filter((t) => t.system === system && text(t.value) && t.use !== 'old')
      .sort((a, b) => Number(b.use === 'mobile') - Number(a.use === 'mobile') || (a.rank ?? 99) - (b.rank ?? 99))[0]
      ?.value;
  const communication = patient.communication ?? [];
  const language = (communication.find((c) => c.preferred) ?? communication[0])?.language;
  return {
    mrn: mrnOf(patient),
    first_name: text(name?.given?.[0]),
    last_name: text(name?.family),
    date_of_birth: text(patient.birthDate),
    phone: byRank('phone'),
    email: byRank('email'),
    preferred_language: text(language?.coding?.find((c) => text(c.code))?.code) ?? '',
  };
}

/** The keys a reference to this entry may use: its fullUrl and `Patient/<id>` (with or without a base). */
function keysOf(fullUrl: string | undefined, resource: Resource): string[] {
  const keys = fullUrl ? [fullUrl] : [];
  if (resource.id) keys.push(`${resource.resourceType}/${resource.id}`);
  return keys;
}

function referenceKey(reference: Reference | undefined): string | undefined {
  const ref = text(reference?.reference);
  if (!ref) return undefined;
  const relative = /(?:^|\/)(Patient\/[^/]+)(?:\/_history\/[^/]+)?$/.exec(ref);
  return ref.startsWith('urn:') ? ref : (relative?.[1] ?? ref);
}

interface Gathered {
  codes: string[];
  names: Record<string, string>;
  medications: string[];
  allergies: string[];
}

function activeCondition(condition: Condition): boolean {
  const clinical = statusOf(condition.clinicalStatus);
  const verification = statusOf(condition.verificationStatus);
  return (
    (!clinical || ['active', 'recurrence', 'relapse'].includes(clinical)) &&
    verification !== 'refuted' &&
    verification !== 'entered-in-error'
  );
}

const STOPPED_MEDICATION = new Set(['stopped', 'entered-in-error', 'cancelled', 'completed', 'not-taken']);

function activeAllergy(allergy: AllergyIntolerance): boolean {
  const clinical = statusOf(allergy.clinicalStatus);
  const verification = statusOf(allergy.verificationStatus);
  return (
    clinical !== 'inactive' &&
    clinical !== 'resolved' &&
    verification !== 'refuted' &&
    verification !== 'entered-in-error'
  );
}

/** The patients of a Bundle as import rows, in entry order. Refuses what is not a Bundle. */
export function fhirRows(json: unknown): NumberedRow[] {
  if (!isBundle(json)) throw new ImportFileError(IMPORT_MESSAGES.notABundle);
  const entries = json.entry ?? [];
  const patients: { row: number; raw: RawImportRow; gathered: Gathered }[] = [];
  const byKey = new Map<string, Gathered>();
  entries.forEach((entry, index) => {
    const resource = entry.resource;
    if (resource?.resourceType !== 'Patient') return;
    const gathered: Gathered = { codes: [], names: {}, medications: [], allergies: [] };
    patients.push({ row: index + 1, raw: patientRow(resource), gathered });
    for (const key of keysOf(entry.fullUrl, resource)) byKey.set(key, gathered);
  });
  for (const { resource } of entries) {
    if (!resource) continue;
    if (resource.resourceType === 'Condition') {
      const owner = byKey.get(referenceKey(resource.subject) ?? '');
      if (!owner || !activeCondition(resource)) continue;
      for (const coding of resource.code?.coding ?? []) {
        const code = text(coding.code);
        if (coding.system !== ICD10_CM_SYSTEM || !code) continue;
        owner.codes.push(code);
        const display = text(coding.display) ?? text(resource.code?.text);
        if (display) owner.names[normaliseIcd10Cm(code)] = display;
      }
    } else if (resource.resourceType === 'MedicationStatement' || resource.resourceType === 'MedicationRequest') {
      const medication: MedicationStatement | MedicationRequest = resource;
      const owner = byKey.get(referenceKey(medication.subject) ?? '');
      const name = conceptName(medication.medicationCodeableConcept) ?? text(medication.medicationReference?.display);
      if (owner && name && !STOPPED_MEDICATION.has(medication.status ?? '')) owner.medications.push(name.trim());
    } else if (resource.resourceType === 'AllergyIntolerance') {
      const owner = byKey.get(referenceKey(resource.patient) ?? '');
      const name = conceptName(resource.code);
      if (owner && name && activeAllergy(resource)) owner.allergies.push(name.trim());
    }
  }
  return patients.map(({ row, raw, gathered }) => ({
    row,
    raw: {
      ...raw,
      conditions: gathered.codes.join(';'),
      conditionNames: gathered.names,
      medications: [...new Set(gathered.medications)],
      allergies: [...new Set(gathered.allergies)],
    },
  }));
}
