import { Box, Button, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { FilePen, FilePlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { medicationLine } from '../../../../../shared/care-plan';
import { useCarePlan } from '../api/care-plan';
import { CarePlanModal } from './care-plan-modal';
import { DocumentHistoryModal, HistoryButton } from './document-history-modal';
import { documentUpdatedLine } from './format.utils';

export interface CarePlanPanelProps {
  patientId: string;
  patientName: string;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const prose = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** The patient-detail tab of the structured care plan: what it says, and the buttons that edit it and show its history. */
export function CarePlanPanel({ patientId, patientName }: CarePlanPanelProps) {
  const query = useCarePlan(patientId);
  const [editing, setEditing] = useState(false);
  const [history, setHistory] = useState(false);
  const plan = query.data ?? null;
  const texts: [string, string][] = plan
    ? [
        ['Expected outcome and prognosis', plan.expected_outcome],
        ['Symptom management', plan.symptom_management],
        ['Interventions', plan.interventions],
        ['Note', plan.note],
      ]
    : [];

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
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {documentUpdatedLine(plan)}
            </Text>
            <Section title="Chronic conditions">
              {plan.conditions.length === 0 ? (
                <Text c="dimmed">None listed</Text>
              ) : (
                <List size="sm">
                  {plan.conditions.map((c) => (
                    <List.Item key={c.code}>
                      {c.description} ({c.code})
                    </List.Item>
                  ))}
                </List>
              )}
            </Section>
            {plan.goals.length > 0 && (
              <Section title="Measurable goals">
                <List size="sm">
                  {plan.goals.map((goal, i) => (
                    <List.Item key={`${i}-${goal}`}>{goal}</List.Item>
                  ))}
                </List>
              </Section>
            )}
            {plan.medications.length > 0 && (
              <Section title="Medications">
                <List size="sm">
                  {plan.medications.map((m, i) => (
                    <List.Item key={`${i}-${m.name}`}>{medicationLine(m)}</List.Item>
                  ))}
                </List>
              </Section>
            )}
            {texts
              .filter(([, body]) => body.trim() !== '')
              .map(([title, body]) => (
                <Section key={title} title={title}>
                  <Text size="sm" style={prose}>
                    {body}
                  </Text>
                </Section>
              ))}
          </Stack>
        </Box>
      )}
      <Group>
        <Button
          variant={plan ? 'light' : 'filled'}
          leftSection={plan ? <FilePen size={16} aria-hidden="true" /> : <FilePlus size={16} aria-hidden="true" />}
          aria-haspopup="dialog"
          onClick={() => setEditing(true)}
          disabled={query.isPending}
        >
          {plan ? 'Edit Care Plan' : 'Create Care Plan'}
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
