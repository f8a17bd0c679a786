import { Box, Button, Center, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { History } from 'lucide-react';
import { carePlanText } from '../../../../../shared/care-plan';
import type { DocumentRevision } from '../../../../../shared/domain';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { DOCUMENT_KINDS, type DocumentKind } from '../api/clinical-document-kinds';
import { useDocumentRevisions } from '../api/document-revisions';
import { formatDateTime } from './format.utils';
import { LoadMore } from '../../../components/table/load-more';

export interface DocumentHistoryModalProps {
  patientId: string;
  kind: DocumentKind;
  opened: boolean;
  onClose: () => void;
  /** Shown in the title: 'Care Plan History: Jane Doe'. */
  patientName?: string;
}

/** Every saved version of a care plan or EMR notes, newest first: when, who, and what it said. */
export function DocumentHistoryModal({ patientId, kind, opened, onClose, patientName }: DocumentHistoryModalProps) {
  const title = `${DOCUMENT_KINDS[kind].title} History`;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title={patientName ? `${title}: ${patientName}` : title}
      size="lg"
    >
      {/* Read only while open: every opening shows the latest saves. */}
      {opened && <RevisionList patientId={patientId} kind={kind} />}
    </Modal>
  );
}

/** A structured care plan's revision reads as its labelled sections; anything else as its text. */
const revisionText = (revision: DocumentRevision) =>
  (revision.plan ? carePlanText(revision.plan, revision.content) : revision.content).trim();

function RevisionList({ patientId, kind }: { patientId: string; kind: DocumentKind }) {
  const config = DOCUMENT_KINDS[kind];
  const query = useDocumentRevisions(patientId, kind, true);

  if (query.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader role="img" aria-label={`Loading the ${config.noun} history`} />
      </Center>
    );
  }
  if (query.isError && !query.data) {
    return <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const revisions = query.data.pages.flatMap((page) => page.items);
  if (revisions.length === 0) return <Text c="dimmed">No saved versions of this {config.noun} yet.</Text>;

  return (
    <Stack gap="md">
      <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Saved versions">
        {revisions.map((revision) => (
          <Paper component="li" key={revision.version} withBorder p="md" radius="md">
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Text fw={600} size="sm">
                  Version {revision.version}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDateTime(revision.saved_at)} by {revision.author.name}
                </Text>
              </Group>
              <Box style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {revisionText(revision) || <Text c="dimmed">Empty</Text>}
              </Box>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <LoadMore query={query} />
    </Stack>
  );
}

/** Opens a document's history: 'History' on screen, '{Document} History' to a screen reader. */
export function HistoryButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="default"
      leftSection={<History size={16} aria-hidden="true" />}
      aria-label={label}
      aria-haspopup="dialog"
      onClick={onClick}
    >
      History
    </Button>
  );
}
