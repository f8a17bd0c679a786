import { Box, Button, Center, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { DOCUMENT_KINDS, type DocumentKind } from '../api/clinical-document-kinds';
import { useClinicalDocument, useSaveClinicalDocument } from '../api/clinical-documents';
import {
  AFTER_SAVE,
  INITIAL_CHOICE,
  cancelEditing,
  changeDraft,
  documentView,
  startEditing,
  toDocumentLoad,
  type DocumentChoice,
} from './clinical-document-modal.utils';
import { documentUpdatedLine } from './format.utils';
import { FormActions } from '../../../components/forms/form-actions';

export interface ClinicalDocumentModalProps {
  patientId: string;
  kind: DocumentKind;
  opened: boolean;
  onClose: () => void;
  /** Shown in the title: 'Care Plan: Jane Doe'. */
  patientName?: string;
}

/** View, edit and create a patient's care plan or EMR notes (product-rules.md "Screens"). */
export function ClinicalDocumentModal({ patientId, kind, opened, onClose, patientName }: ClinicalDocumentModalProps) {
  const { title } = DOCUMENT_KINDS[kind];
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title={patientName ? `${title}: ${patientName}` : title}
      size="lg"
    >
      {/* Mounted only while open, so every opening starts from the load again. */}
      {opened && <DocumentEditor patientId={patientId} kind={kind} onClose={onClose} />}
    </Modal>
  );
}

function DocumentEditor({ patientId, kind, onClose }: { patientId: string; kind: DocumentKind; onClose: () => void }) {
  const config = DOCUMENT_KINDS[kind];
  const query = useClinicalDocument(patientId, kind);
  const save = useSaveClinicalDocument(patientId, kind);
  const [choice, setChoice] = useState<DocumentChoice>(INITIAL_CHOICE);
  const view = documentView(toDocumentLoad(query), choice);

  if (view.mode === 'loading') {
    return (
      <Center py="xl" role="status">
        <Loader role="img" aria-label={`Loading ${config.noun}`} />
      </Center>
    );
  }

  if (view.mode === 'view') {
    return (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {documentUpdatedLine(view.document)}
        </Text>
        <Box
          p="md"
          bg="gray.0"
          style={{ borderRadius: 'var(--mantine-radius-md)', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {view.document.content.trim() ? view.document.content : <Text c="dimmed">This {config.noun} is empty.</Text>}
        </Box>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            onClick={() => {
              save.reset();
              setChoice(startEditing(view.document));
            }}
          >
            Edit {config.title}
          </Button>
        </Group>
      </Stack>
    );
  }

  const onCancel = () => {
    const next = cancelEditing(view.document);
    save.reset();
    if (next === 'close') onClose();
    else setChoice(next);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ content: view.draft, version: view.version }, { onSuccess: () => setChoice(AFTER_SAVE) });
      }}
    >
      <Stack gap="md">
        {save.error && <ErrorAlert message={save.error.message} />}
        <Textarea
          label={config.title}
          rows={12}
          resize="vertical"
          data-autofocus
          value={view.draft}
          onChange={(event) => setChoice(changeDraft(view, event.currentTarget.value))}
        />
        <FormActions submitLabel={`Save ${config.title}`} pending={save.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
