import { Badge, Skeleton, Stack, Table, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useAccessHistory } from '../api/access-history';
import { OUTCOME_LABELS, actionLabel, actorLabel, roleLabel } from './access-history.utils';
import { formatDateTime } from './format.utils';
import { LoadMore } from '../../../components/table/load-more';

/**
 * The patient page's 'Access history' tab (operators only): every read or change of the patient's
 * data, newest first, with who, their role and organization, the outcome and the request id.
 */
export function AccessHistoryPanel({ patientId }: { patientId: string }) {
  const query = useAccessHistory(patientId);

  if (query.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading access history">
        <Skeleton height={28} />
        <Skeleton height={28} />
        <Skeleton height={28} />
      </Stack>
    );
  }
  if (query.isError && !query.data) {
    return <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const entries = query.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) return <Text c="dimmed">No access to this patient's data has been recorded yet.</Text>;

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} role="region" aria-label="Access history">
        <Table striped verticalSpacing="xs" aria-label="Access history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Time</Table.Th>
              <Table.Th scope="col">Who</Table.Th>
              <Table.Th scope="col">Role</Table.Th>
              <Table.Th scope="col">Organization ID</Table.Th>
              <Table.Th scope="col">Action</Table.Th>
              <Table.Th scope="col">Outcome</Table.Th>
              <Table.Th scope="col">Request ID</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => {
              const outcome = OUTCOME_LABELS[entry.outcome] ?? { label: entry.outcome, color: 'gray' };
              return (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{actorLabel(entry.actor)}</Text>
                    {entry.actor.email && (
                      <Text size="xs" c="dimmed">
                        {entry.actor.email}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{roleLabel(entry.actor.role)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.actor.organization_id ?? '—'}</Table.Td>
                  <Table.Td>{actionLabel(entry.action)}</Table.Td>
                  <Table.Td>
                    <Badge color={outcome.color} variant="light">
                      {outcome.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.request_id ?? '—'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMore query={query} />
    </Stack>
  );
}
