import { Alert, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { formatDate } from '../../../lib/format-date';
import { useSignedInUser } from '../../../lib/session';
import { useTimeEntries } from '../api/time-entries';
import { CareTimer } from './care-timer';
import { logLines, monthLabel } from './care-time.utils';
import { ManualEntryForm } from './manual-entry-form';
import { MonthProgress } from './month-progress';
import { TimeLog } from './time-log';

/**
 * The patient page's CCM time (product-rules.md "Care management (CCM)"): this month's clinical staff
 * minutes against the thresholds, the AI assistant's contacts (never minutes), the timer and the
 * manual entry form (provider staff only; operators read), and this month's log.
 */
/** `timezone`: the organization's, whose today is the latest date an entry may have (the API checks it so). */
export function CareTimePanel({ patientId, timezone }: { patientId: string; timezone: string }) {
  const user = useSignedInUser();
  const titleId = useId();
  const { query, latest, entries } = useTimeEntries(patientId);
  const canLog = user.role === 'provider' && latest !== undefined && latest.billed === null;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          Care Management Time
        </Title>
        {query.isPending ? (
          <Text c="dimmed" role="status">
            Loading care management time...
          </Text>
        ) : query.isError && !latest ? (
          <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />
        ) : latest ? (
          <>
            <MonthProgress month={latest} />
            {latest.billed && (
              <Alert color="gray" role="status">
                {monthLabel(latest.month)} was billed on {formatDate(latest.billed.at)} by {latest.billed.by_name}; its
                time entries are frozen.
              </Alert>
            )}
            {canLog && (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <CareTimer patientId={patientId} userId={user.id} />
                <ManualEntryForm patientId={patientId} timezone={timezone} />
              </SimpleGrid>
            )}
            <TimeLog
              patientId={patientId}
              lines={logLines(entries)}
              canCorrect={canLog}
              more={query.hasNextPage ? () => void query.fetchNextPage() : undefined}
              loadingMore={query.isFetchingNextPage}
            />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
