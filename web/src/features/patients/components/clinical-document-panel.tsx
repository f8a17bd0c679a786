import { Box, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { FilePen, FilePlus } from 'lucide-react';
import { useState } from 'react';
import { DOCUMENT_KINDS, type DocumentKind } from '../api/clinical-document-kinds';
import { useClinicalDocument } from '../api/clinical-documents';
import { ClinicalDocumentModal } from './clinical-document-modal';
import { DocumentHistoryModal, HistoryButton } from './document-history-modal';
import { documentUpdatedLine } from './format.utils';

export interface ClinicalDocumentPanelProps {
  patientId: string;
  kind: DocumentKind;
  patientName: string;
}

/** A patient-detail tab: the saved care plan (or EMR notes) and the button that opens its modal. */
export function ClinicalDocumentPanel({ patientId, kind, patientName }: ClinicalDocumentPanelProps) {
  const config = DOCUMENT_KINDS[kind];
  const query = useClinicalDocument(patientId, kind);
  const [opened, setOpened] = useState(false);
  const [historyOpened, setHistoryOpened] = useState(false);
  const document = query.data ?? null;

  return (
    <Stack gap="md">
      {query.isPending ? (
        <Stack gap="xs" aria-hidden="true">
          <Skeleton height={14} width="40%" />
          <Skeleton height={80} />
        </Stack>
      ) : document ? (
        <>
          <Text size="sm" c="dimmed">
            {documentUpdatedLine(document)}
          </Text>
          <Box
            p="md"
            bg="gray.0"
            style={{ borderRadius: 'var(--mantine-radius-md)', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {document.content.trim() ? document.content : <Text c="dimmed">This {config.noun} is empty.</Text>}
          </Box>
        </>
      ) : query.isError ? (
        <Text c="red.9" role="alert">
          {query.error.message}
        </Text>
      ) : (
        <Text c="dimmed">No {config.noun} yet.</Text>
      )}
      <Group>
        <Button
          variant={document ? 'light' : 'filled'}
          leftSection={document ? <FilePen size={16} aria-hidden="true" /> : <FilePlus size={16} aria-hidden="true" />}
          onClick={() => setOpened(true)}
          disabled={query.isPending}
        >
          {document ? `View ${config.title}` : `Create ${config.title}`}
        </Button>
        {document && <HistoryButton label={`${config.title} History`} onClick={() => setHistoryOpened(true)} />}
      </Group>
      <ClinicalDocumentModal
        patientId={patientId}
        kind={kind}
        patientName={patientName}
        opened={opened}
        onClose={() => setOpened(false)}
      />
      <DocumentHistoryModal
        patientId={patientId}
        kind={kind}
        patientName={patientName}
        opened={historyOpened}
        onClose={() => setHistoryOpened(false)}
      />
    </Stack>
  );
}
