import { Alert, Button, FileInput, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { CircleCheck, FileUp } from 'lucide-react';
import { useState } from 'react';
import { IMPORT_MESSAGES } from '../../../../../shared/enrollment/messages';
import {
  checkChosenFile,
  missingHeadersOf,
  PANEL_IMPORT_MESSAGES,
  type ImportFileType,
  type PanelImport,
} from '../../../../../shared/enrollment/panel-import';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { usePanelImport, useImportReport, useStartImport, useUploadAndPreview } from '../api/panel-imports';

/** The bytes read of a CSV to find its header line: no header is longer. */
const HEADER_BYTES = 64 * 1024;

/** What is wrong with a chosen file before it is uploaded, or its kind. */
async function checkFile(file: File): Promise<{ type: ImportFileType } | { problem: string }> {
  const checked = checkChosenFile(file);
  if ('problem' in checked || checked.type !== 'csv') return checked;
  const [header = ''] = (await file.slice(0, HEADER_BYTES).text()).split(/\r?\n/);
  const missing = missingHeadersOf(header);
  return missing.length > 0 ? { problem: IMPORT_MESSAGES.missingHeaders(missing) } : checked;
}

function Preview({ panelImport }: { panelImport: PanelImport }) {
  const tally = panelImport.tally;
  if (!tally) return null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Preview
      </Title>
      <Text>
        {tally.ready} ready to import, {tally.already_there} already there, {tally.problem_rows} with problems.
      </Text>
      {tally.problems.length > 0 && (
        <Table striped withTableBorder aria-label="Rows with problems">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              <Table.Th scope="col">Field</Table.Th>
              <Table.Th scope="col">Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tally.problems.map((p) => (
              <Table.Tr key={`${p.row}-${p.field}`}>
                <Table.Td>{p.row}</Table.Td>
                <Table.Td>{p.field}</Table.Td>
                <Table.Td>{p.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function Progressing({ panelImport }: { panelImport: PanelImport }) {
  const rows = panelImport.tally?.rows ?? 0;
  const done = Math.min(panelImport.progress.done, rows);
  const percent = rows > 0 ? Math.round((done / rows) * 100) : 0;
  return (
    <Stack gap="xs">
      <Text>
        Importing: {done} of {rows} rows done.
      </Text>
      <Progress value={percent} aria-label="Import progress" animated />
    </Stack>
  );
}

function Finished({ panelImport }: { panelImport: PanelImport }) {
  const report = useImportReport();
  const { imported, skipped_existing, skipped_errors } = panelImport.progress;
  return (
    <Stack gap="sm">
      <Alert color="green" icon={<CircleCheck size={18} aria-hidden="true" />} role="status">
        {PANEL_IMPORT_MESSAGES.finished(imported, skipped_existing, skipped_errors)}
      </Alert>
      {report.isError && <ErrorAlert message={report.error.message} />}
      {skipped_existing + skipped_errors > 0 && (
        <Group>
          <Button
            variant="light"
            loading={report.isPending}
            onClick={() =>
              report.mutate(panelImport.id, {
                onSuccess: (url) => window.location.assign(url),
              })
            }
          >
            Download report of skipped rows
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * Importing a practice's panel (DECISIONS "Enrollment"): choose a CSV file or a FHIR Bundle (refused
 * before upload when too large, of another kind, or a CSV without the required columns), upload and
 * preview it (ready, already there, each bad row), import it with a progress bar, and download the
 * report of the rows skipped.
 */
export function PanelImportView({ organizationId }: { organizationId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const upload = useUploadAndPreview();
  const start = useStartImport();
  const query = usePanelImport(importId);
  const panelImport = query.data;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProblem(null);
    upload.reset();
  };
  const uploadFile = async () => {
    if (!file) return;
    const checked = await checkFile(file);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    upload.mutate({ organizationId, file, type: checked.type }, { onSuccess: (p) => setImportId(p.id) });
  };
  const again = () => {
    setImportId(null);
    choose(null);
    start.reset();
  };

  if (importId === null || !panelImport) {
    if (importId !== null && query.isError)
      return <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />;
    if (importId !== null) return <PageSpinner />;
    return (
      <Stack gap="md" maw={560}>
        <Text>
          A CSV file with the columns mrn, first_name, last_name, date_of_birth, phone, email, preferred_language and
          conditions (ICD-10-CM codes separated by ;), or a FHIR R4 Bundle in JSON. Up to 10 MB and 20,000 rows.
        </Text>
        <FileInput
          label="Panel file"
          placeholder="Choose a CSV or FHIR JSON file"
          accept=".csv,.json,text/csv,application/json,application/fhir+json"
          value={file}
          onChange={choose}
          error={problem}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
        />
        {upload.isError && <ErrorAlert message={upload.error.message} />}
        <Group>
          <Button
            leftSection={<FileUp size={16} aria-hidden="true" />}
            disabled={!file}
            loading={upload.isPending}
            onClick={() => void uploadFile()}
          >
            Upload and preview
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text fw={500}>{panelImport.file_name}</Text>
      {panelImport.status === 'failed' && (
        <ErrorAlert message={panelImport.failure ?? PANEL_IMPORT_MESSAGES.notPreviewed} />
      )}
      {panelImport.status === 'previewed' && (
        <>
          <Preview panelImport={panelImport} />
          {start.isError && <ErrorAlert message={start.error.message} />}
          <Group>
            <Button loading={start.isPending} onClick={() => start.mutate(panelImport.id)}>
              Import
            </Button>
            <Button variant="default" onClick={again}>
              Choose another file
            </Button>
          </Group>
        </>
      )}
      {panelImport.status === 'importing' && <Progressing panelImport={panelImport} />}
      {panelImport.status === 'done' && (
        <>
          <Finished panelImport={panelImport} />
          <Group>
            <Button variant="default" onClick={again}>
              Import another file
            </Button>
          </Group>
        </>
      )}
      {panelImport.status === 'failed' && (
        <Group>
          <Button variant="default" onClick={again}>
            Choose another file
          </Button>
        </Group>
      )}
    </Stack>
  );
}
