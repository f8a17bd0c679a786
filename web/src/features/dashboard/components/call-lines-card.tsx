import { Alert, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { PhoneOff, RefreshCw, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import type { CallLinesResponse } from '../../../../../shared/calls';
import { CALL_LINES_TEXTS as TEXTS } from '../../../../../shared/texts';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { ListEmptyState } from '../../../components/feedback/list-empty-state';
import { useCallLines } from '../api/call-lines';
import { checkInLinesFull, clockTime, inUsePercent, linesIdle, waitedFor } from './call-lines-card.utils';

export interface CallLinesCardProps {
  /** The operator's time zone (the browser's when absent), as the "Next 30 days" card beside it. */
  timeZone?: string;
}

/**
 * The operators' "Call lines" card (DECISIONS "Outreach capacity"): the deployment's Vapi lines in
 * use against the budget, the lines held back for people, the due calls waiting for a line and how
 * long the oldest has waited, and the lines spoken alerts to staff hold. It asks again every 30 s while the page is visible, and on the
 * Refresh button.
 */
export function CallLinesCard({ timeZone }: CallLinesCardProps) {
  const query = useCallLines();
  const headingId = useId();
  const lines = query.data;

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" mb="md" wrap="nowrap">
        <Title order={2} size="h4" id={headingId}>
          {TEXTS.title}
        </Title>
        <Button
          size="xs"
          variant="default"
          leftSection={<RefreshCw size={14} aria-hidden="true" />}
          // One request at a time: a click while one is under way waits for it instead of starting another.
          loading={query.isFetching}
          onClick={() => void query.refetch({ cancelRefetch: false })}
        >
          {TEXTS.refresh}
        </Button>
      </Group>
      {query.isPending && (
        <Text c="dimmed" role="status">
          {TEXTS.loading}
        </Text>
      )}
      {query.isError && <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />}
      {lines && linesIdle(lines) && (
        <ListEmptyState
          icon={PhoneOff}
          title={TEXTS.empty}
          description={TEXTS.emptyDescription(lines.budget)}
          py="md"
        />
      )}
      {lines && !linesIdle(lines) && <LinesNow lines={lines} asOf={query.dataUpdatedAt} timeZone={timeZone} />}
      {lines && (
        <Text size="xs" c="dimmed" mt="sm">
          Updated {clockTime(query.dataUpdatedAt, timeZone)}; refreshes every 30 seconds.
        </Text>
      )}
    </Card>
  );
}

/** The lines with calls on them: `asOf` is when the answer came (the wait is measured to then). */
function LinesNow({ lines, asOf, timeZone }: { lines: CallLinesResponse; asOf: number; timeZone?: string }) {
  const full = checkInLinesFull(lines);
  const inUse = TEXTS.inUse(lines.in_use, lines.budget);
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{TEXTS.inUseLabel}</Text>
          <Text size="sm" fw={600}>
            {inUse}
          </Text>
        </Group>
        {/* The bar carries the figures itself: Mantine's own would read "70%", not lines. */}
        <Progress.Root
          size="lg"
          role="progressbar"
          aria-label={TEXTS.inUseLabel}
          aria-valuemin={0}
          aria-valuemax={lines.budget}
          aria-valuenow={Math.min(lines.in_use, lines.budget)}
          aria-valuetext={inUse}
        >
          <Progress.Section value={inUsePercent(lines)} color={full ? 'orange' : 'blue'} withAria={false} />
        </Progress.Root>
        {lines.reserved_for_people > 0 && (
          <Text size="xs" c="dimmed">
            {TEXTS.reserved(lines.reserved_for_people)}
          </Text>
        )}
      </Stack>
      <Group gap="xl" wrap="wrap">
        <Figure label="Calls waiting" value={lines.waiting.toLocaleString('en-US')} />
        <Figure label={TEXTS.alertsLabel} value={lines.held_by_alerts.toLocaleString('en-US')} />
        <Figure
          label="Oldest wait"
          value={
            lines.oldest_waiting_since
              ? `${waitedFor(lines.oldest_waiting_since, asOf)} (since ${clockTime(lines.oldest_waiting_since, timeZone)})`
              : 'None waiting'
          }
        />
      </Group>
      {full && (
        // A polite status, not an alert: the card refreshes every 30 s and would interrupt each time.
        <Alert color="orange" role="status" icon={<TriangleAlert size={18} aria-hidden="true" />}>
          {TEXTS.full(lines.waiting)}
        </Alert>
      )}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}
