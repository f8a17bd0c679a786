import { Box, Button, Group, Modal, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import type { EscalationLevel } from '../../../../../shared/values/calls';
import type { TranscriptTurn } from '../../../../../shared/calls';
import type { SummaryItem } from '../../../../../shared/summaries';
import type { SummaryStatus } from '../../../../../shared/values/summaries';
import { TranscriptTurns } from '../../../components/data/transcript-turns';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { ESCALATION_BADGE_COLORS, formatCallTime, formatDuration } from '../../../lib/call-format';
import { useSummary } from '../api/get-summary';
import { useUpdateSummaryStatus } from '../api/update-summary-status';
import { ESCALATION_ICONS, SummaryEscalationBadge, SummaryStatusBadge } from './summary-badges';
import { arrowNavigation, notableEscalation, patientNameOf, summaryActions } from './summaries.utils';

export interface SummaryDetailModalProps {
  opened: boolean;
  /** The summary as the list showed it; kept while the modal closes so its content holds. */
  summary: SummaryItem | null;
  /** '3 of 12' in the current list; null once the summary has left it. */
  position: { index: number | null; total: number };
  /** Absent at either end of the list. */
  onPrevious?: () => void;
  onNext?: () => void;
  onClose: () => void;
}

/**
 * One summary: patient, time, duration, status, escalation, the summary text and the transcript,
 * with the product-rules.md "Summaries, escalations and notifications" status transitions. ←/→ and the Previous/Next buttons walk the current list;
 * Escape closes.
 */
export function SummaryDetailModal({
  opened,
  summary,
  position,
  onPrevious,
  onNext,
  onClose,
}: SummaryDetailModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title={summary ? patientNameOf(summary) : 'Call Summary'}
      size="lg"
    >
      {summary && (
        <SummaryDetail
          key={summary.call_id}
          item={summary}
          opened={opened}
          position={position}
          onPrevious={onPrevious}
          onNext={onNext}
        />
      )}
    </Modal>
  );
}

interface SummaryDetailProps extends Pick<SummaryDetailModalProps, 'position' | 'onPrevious' | 'onNext'> {
  item: SummaryItem;
  opened: boolean;
}

function SummaryDetail({ item, opened, position, onPrevious, onNext }: SummaryDetailProps) {
  const detail = useSummary(item.call_id);
  const summary = detail.data?.summary ?? item;
  const escalation = notableEscalation(summary.escalation_level);

  useWindowEvent('keydown', (event) => {
    if (!opened) return;
    const direction = arrowNavigation(event);
    const go = direction === 'previous' ? onPrevious : direction === 'next' ? onNext : undefined;
    if (!go) return;
    event.preventDefault();
    go();
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Text size="sm">{formatCallTime(summary.created_at)}</Text>
          <Text size="sm" c="dimmed">
            Duration {formatDuration(summary.duration)}
          </Text>
          {detail.data && (
            <Text size="sm" c="dimmed">
              {detail.data.summary.provider_name}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          {escalation && <SummaryEscalationBadge level={escalation} />}
          <SummaryStatusBadge status={summary.status} />
        </Group>
      </Group>

      {escalation && <EscalationCard level={escalation} note={summary.note_to_doctor} />}

      <Stack gap={4}>
        <Title order={3} size="h5">
          Call Summary
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {summary.summary.trim() || 'No summary available for this call.'}
        </Text>
      </Stack>

      <Transcript query={detail} />

      <StatusControls callId={item.call_id} status={summary.status} version={summary.version} />

      <Group justify="space-between" gap="sm">
        <Button
          variant="default"
          leftSection={<ChevronLeft size={16} aria-hidden="true" />}
          disabled={!onPrevious}
          onClick={onPrevious}
        >
          Previous
        </Button>
        {position.index !== null && (
          <Text size="sm" c="dimmed">
            {position.index + 1} of {position.total}
          </Text>
        )}
        <Button
          variant="default"
          rightSection={<ChevronRight size={16} aria-hidden="true" />}
          disabled={!onNext}
          onClick={onNext}
        >
          Next
        </Button>
      </Group>
    </Stack>
  );
}

/** product-rules.md "Screens" Escalation Assessment: the level's colour and icon, and the note to the doctor if any. */
function EscalationCard({ level, note }: { level: Exclude<EscalationLevel, 'Normal'>; note: string | null }) {
  const color = ESCALATION_BADGE_COLORS[level];
  const Icon = ESCALATION_ICONS[level];
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      p="md"
      bg={`${color}.0`}
      style={{ borderLeftWidth: 4, borderLeftStyle: 'solid', borderLeftColor: `var(--mantine-color-${color}-6)` }}
    >
      <Group gap="xs" mb={note ? 'xs' : 0}>
        <Icon size={18} aria-hidden="true" color={`var(--mantine-color-${color}-8)`} />
        <Text fw={700} size="sm" id={titleId}>
          Escalation Assessment: {level}
        </Text>
      </Group>
      {note && (
        <Text size="sm">
          <Text span fw={700} size="sm">
            Note to Doctor:
          </Text>{' '}
          {note}
        </Text>
      )}
    </Paper>
  );
}

interface TranscriptProps {
  query: ReturnType<typeof useSummary>;
}

/** 'Show Transcript' / 'Hide Transcript'; hidden by default, in a box of at most 24rem. */
function Transcript({ query }: TranscriptProps) {
  const [shown, setShown] = useState(false);
  const listId = useId();
  if (query.isPending) {
    return (
      <Text size="sm" c="dimmed" role="status">
        Loading transcript...
      </Text>
    );
  }
  if (query.isError) return <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />;
  const turns: TranscriptTurn[] = query.data.summary.transcript;
  if (turns.length === 0) return null;
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="light"
        size="xs"
        aria-expanded={shown}
        aria-controls={listId}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? 'Hide Transcript' : 'Show Transcript'}
      </Button>
      <Box id={listId} hidden={!shown} w="100%">
        {shown && (
          // Focusable so keyboard users can scroll a long transcript (axe scrollable-region-focusable).
          <Box mah="24rem" style={{ overflowY: 'auto' }} tabIndex={0} role="region" aria-label="Call Transcript">
            <TranscriptTurns turns={turns} aria-label="Transcript" />
          </Box>
        )}
      </Box>
    </Stack>
  );
}

interface StatusControlsProps {
  callId: string;
  status: SummaryStatus;
  /** Sent back with the change; a stale one answers 409. */
  version: number;
}

/** product-rules.md "Summaries, escalations and notifications": Move to Successful / Move to Incomplete (hidden once Added to EMR) and the Added to EMR switch. */
function StatusControls({ callId, status, version }: StatusControlsProps) {
  const mutation = useUpdateSummaryStatus(callId);
  const hintId = useId();
  const { move, emr } = summaryActions(status);
  const change = (to: SummaryStatus) => mutation.mutate({ status: to, version });
  return (
    <Stack gap="sm">
      <Group gap="md" align="center">
        {move && (
          <Button loading={mutation.isPending} onClick={() => change(move.to)}>
            {move.label}
          </Button>
        )}
        <Switch
          label="Added to EMR"
          checked={emr.checked}
          disabled={emr.disabled || mutation.isPending}
          aria-describedby={emr.disabled ? hintId : undefined}
          onChange={() => change(emr.to)}
        />
        {emr.disabled && (
          <Text size="sm" c="dimmed" id={hintId}>
            Move the summary to Successful before adding it to the EMR.
          </Text>
        )}
      </Group>
      {mutation.isError && <ErrorAlert message={mutation.error.message} />}
    </Stack>
  );
}
