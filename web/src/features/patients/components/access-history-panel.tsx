import { useState } from 'react';
import { Badge, Group, NativeSelect, Skeleton, Stack, Table, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useAccessHistory, type AccessHistoryFilter } from '../api/access-history';
import { OUTCOME_LABELS, actionLabel, actorLabel, actorRoleLabel, filterChoices } from './access-history.utils';
import { formatDateTime } from './format.utils';
import { LoadMore } from '../../../components/table/load-more';

const ALL: AccessHistoryFilter = { action: '', actor: '' };

/**
 * The patient page's 'Access history' tab (operators only): every read or change of the patient's
 * data, newest first, with who (a person, CareLoop's webhooks and jobs, or the patient's own link),
 * their role and organization, the outcome and the request id; filtered by action and by person.
 */
export function AccessHistoryPanel({ patientId }: { patientId: string }) {
  const [filter, setFilter] = useState(ALL);
  const query = useAccessHistory(patientId, filter);
  // The choices come from the whole history as loaded (the same query when nothing is chosen), so a
  // chosen action or person stays listed while it filters.
  const all = useAccessHistory(patientId, ALL);
  const entries = query.data?.pages.flatMap((page) => page.items);
  const choices = filterChoices(all.data?.pages.flatMap((page) => page.items) ?? []);
  const filtered = filter.action !== '' || filter.actor !== '';

  const filters = (
    <Group gap="sm" align="end">
      <NativeSelect
        label="Action"
        value={filter.action}
        onChange={(e) => setFilter({ ...filter, action: e.currentTarget.value })}
        data={[{ value: '', label: 'All actions' }, ...choices.actions]}
      />
      <NativeSelect
        label="Person"
        value={filter.actor}
        onChange={(e) => setFilter({ ...filter, actor: e.currentTarget.value })}
        data={[{ value: '', label: 'Everyone' }, ...choices.actors]}
      />
    </Group>
  );

  if (query.isPending) {
    return (
      <Stack gap="md">
        {filters}
        <Stack gap="xs" role="status" aria-label="Loading access history">
          <Skeleton height={28} />
          <Skeleton height={28} />
          <Skeleton height={28} />
        </Stack>
      </Stack>
    );
  }
  if (query.isError && !query.data) {
    return (
      <Stack gap="md">
        {filters}
        <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />
      </Stack>
    );
  }
  if (!entries?.length) {
    return (
      <Stack gap="md">
        {filters}
        <Text c="dimmed">
          {filtered
            ? 'No recorded access matches these filters.'
            : "No access to this patient's data has been recorded yet."}
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {filters}
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
                  <Table.Td>{actorRoleLabel(entry.actor)}</Table.Td>
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
