import { Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { FileText } from 'lucide-react';
import { useId } from 'react';
import type { SummaryItem } from '../../../../../shared/summaries';
import { formatCallTime, formatDuration } from '../../../lib/call-format';
import { SummaryEscalationBadge, SummaryStatusBadge } from './summary-badges';
import { notableEscalation, patientNameOf } from './summaries.utils';
import { ListEmptyState } from '../../../components/feedback/list-empty-state';

export interface SummaryListProps {
  summaries: SummaryItem[];
  /** Shown when the list is empty: the tab's own text. */
  emptyText: string;
  onOpen: (index: number) => void;
}

/** Newest first: patient, time, duration, escalation, status and the summary clamped to 3 lines. */
export function SummaryList({ summaries, emptyText, onOpen }: SummaryListProps) {
  if (summaries.length === 0) {
    return <ListEmptyState icon={FileText} title={emptyText} />;
  }
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Summaries">
      {summaries.map((summary, index) => (
        <SummaryRow key={summary.id} summary={summary} onOpen={() => onOpen(index)} />
      ))}
    </Stack>
  );
}

function SummaryRow({ summary, onOpen }: { summary: SummaryItem; onOpen: () => void }) {
  const nameId = useId();
  const timeId = useId();
  const previewId = useId();
  const escalation = notableEscalation(summary.escalation_level);
  return (
    <Card component="li" withBorder padding={0} radius="md">
      <UnstyledButton
        onClick={onOpen}
        p="md"
        w="100%"
        aria-haspopup="dialog"
        aria-labelledby={`${nameId} ${timeId}`}
        aria-describedby={previewId}
      >
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2}>
            <Text component="span" fw={600} id={nameId}>
              {patientNameOf(summary)}
            </Text>
            <Text component="span" size="sm" c="dimmed">
              <span id={timeId}>{formatCallTime(summary.created_at)}</span> · Duration{' '}
              {formatDuration(summary.duration)}
            </Text>
          </Stack>
          <Group component="span" gap="xs">
            {escalation && <SummaryEscalationBadge level={escalation} />}
            <SummaryStatusBadge status={summary.status} />
          </Group>
        </Group>
        <Text component="span" size="sm" mt="xs" lineClamp={3} id={previewId} style={{ whiteSpace: 'pre-wrap' }}>
          {summary.summary}
        </Text>
      </UnstyledButton>
    </Card>
  );
}
