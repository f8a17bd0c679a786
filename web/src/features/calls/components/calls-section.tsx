import { Card, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { CallLogSummary } from '../../../../../shared/calls';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { CallsEmptyState } from './calls-empty-state';

export interface CallsSectionProps {
  title: string;
  /** What the section's list reads of the patient's calls query (a TanStack `useQuery` result fits). */
  query: { isPending: boolean; error: Error | null; refetch: () => Promise<unknown> };
  calls: CallLogSummary[] | undefined;
  emptyTitle?: string;
  renderCall: (call: CallLogSummary) => ReactNode;
  /** Below the list, e.g. 'Load more'. */
  footer?: ReactNode;
}

/** A titled card on the patient page listing calls, with loading, error and empty states. */
export function CallsSection({ title, query, calls, emptyTitle, renderCall, footer }: CallsSectionProps) {
  const titleId = useId();
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb="sm" id={titleId}>
        {title}
      </Title>
      {query.isPending ? (
        <Text c="dimmed" role="status">
          Loading calls...
        </Text>
      ) : query.error && !calls ? (
        <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />
      ) : !calls || calls.length === 0 ? (
        <CallsEmptyState title={emptyTitle} />
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {calls.map((call) => (
            <Card key={call.id} component="li" withBorder padding="sm" radius="md">
              {renderCall(call)}
            </Card>
          ))}
        </Stack>
      )}
      {calls && calls.length > 0 && footer}
    </Card>
  );
}
