import { Box, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { FilePlus, FileText } from 'lucide-react';
import { useState } from 'react';
import { useCarePlan } from '../api/care-plan';
import { CarePlanModal } from './care-plan-modal';
import { DocumentHistoryModal, HistoryButton } from './document-history-modal';
import { CarePlanView } from './care-plan-view';

export interface CarePlanPanelProps {
  patientId: string;
  patientName: string;
}

/** The patient-detail tab of the structured care plan: what it says, and the buttons that edit it and show its history. */
export function CarePlanPanel({ patientId, patientName }: CarePlanPanelProps) {
  const query = useCarePlan(patientId);
  const [editing, setEditing] = useState(false);
  const [history, setHistory] = useState(false);
  const plan = query.data ?? null;

  return (
    <Stack gap="md">
      {query.isPending ? (
        <Stack gap="xs" aria-hidden="true">
          <Skeleton height={14} width="40%" />
          <Skeleton height={80} />
        </Stack>
      ) : query.isError ? (
        <Text c="red.9" role="alert">
          {query.error.message}
        </Text>
      ) : !plan ? (
        <Text c="dimmed">No care plan yet.</Text>
      ) : (
        <Box p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <CarePlanView plan={plan} />
        </Box>
      )}
      <Group>
        <Button
          variant={plan ? 'light' : 'filled'}
          leftSection={plan ? <FileText size={16} aria-hidden="true" /> : <FilePlus size={16} aria-hidden="true" />}
          aria-haspopup="dialog"
          onClick={() => setEditing(true)}
          disabled={query.isPending}
        >
          {plan ? 'View Care Plan' : 'Create Care Plan'}
        </Button>
        {plan && <HistoryButton label="Care Plan History" onClick={() => setHistory(true)} />}
      </Group>
      <CarePlanModal
        patientId={patientId}
        patientName={patientName}
        opened={editing}
        onClose={() => setEditing(false)}
      />
      <DocumentHistoryModal
        patientId={patientId}
        kind="care_plan"
        patientName={patientName}
        opened={history}
        onClose={() => setHistory(false)}
      />
    </Stack>
  );
}
