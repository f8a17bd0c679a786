import { Button, Stack } from '@mantine/core';
import { FileJson } from 'lucide-react';
import type { Patient } from '../../../../../shared/domain';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { saveFile } from '../../../lib/save-file';
import { useExportPatientFhir } from '../api/fhir-export';

/** A name part as a file name keeps it: lower case letters and digits, other runs as one dash. */
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** `<last>-<first>-fhir.json` ('Núñez', 'Ana María' → nunez-ana-maria-fhir.json). */
export function fhirFilename(patient: Pick<Patient, 'first_name' | 'last_name'>): string {
  const name = [slug(patient.last_name), slug(patient.first_name)].filter(Boolean).join('-');
  return `${name || 'patient'}-fhir.json`;
}

/** Downloads the patient's chart as a FHIR R4 Bundle (issue 24): loading while it is made, the refusal if any. */
export function FhirExportButton({ patient }: { patient: Pick<Patient, 'id' | 'first_name' | 'last_name'> }) {
  const exportFhir = useExportPatientFhir(patient.id);
  return (
    <Stack gap="xs">
      <Button
        variant="light"
        leftSection={<FileJson size={16} aria-hidden="true" />}
        loading={exportFhir.isPending}
        onClick={() =>
          exportFhir.mutate(undefined, {
            onSuccess: (json) => saveFile(json, fhirFilename(patient), 'application/fhir+json'),
          })
        }
      >
        Export FHIR R4
      </Button>
      {exportFhir.isError && <ErrorAlert message={exportFhir.error.message} />}
    </Stack>
  );
}
