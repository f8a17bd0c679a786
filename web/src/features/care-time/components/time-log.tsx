import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { COUNTS_AS_LABELS, TIME_ENTRY_SOURCE_LABELS } from '../../../../../shared/values/care-time';
import type { TimeEntry } from '../../../../../shared/care-time';
import { CARE_ROLE_LABELS } from '../../../../../shared/roles';
import type { LogLine } from './care-time.utils';
import { CorrectionModal } from './correction-modal';

interface TimeLogProps {
  patientId: string;
  lines: LogLine[];
  canCorrect: boolean;
  more?: () => void;
  loadingMore: boolean;
}

/** This month's log, newest first; a voided entry is struck through with the reason. */
export function TimeLog({ patientId, lines, canCorrect, more, loadingMore }: TimeLogProps) {
  const [correcting, setCorrecting] = useState<TimeEntry | null>(null);
  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No time logged this month yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Table.ScrollContainer
        minWidth={640}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Time entries this month"
      >
        <Table striped>
          <Table.Caption>Time entries this month</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Activity</Table.Th>
              <Table.Th>Minutes</Table.Th>
              <Table.Th>Staff</Table.Th>
              <Table.Th>Counts as</Table.Th>
              {canCorrect && <Table.Th>Correction</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map(({ entry, correction }) => {
              const voided = correction !== null;
              const struck = { textDecoration: voided ? 'line-through' : undefined };
              return (
                <Table.Tr key={entry.id}>
                  <Table.Td style={struck}>{entry.date}</Table.Td>
                  <Table.Td>
                    <Text size="sm" style={struck}>
                      {entry.activity}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {TIME_ENTRY_SOURCE_LABELS[entry.source]}
                      {entry.note ? ` · ${entry.note}` : ''}
                    </Text>
                    {correction && (
                      <Text size="xs" c="red.9">
                        Voided by {correction.user_name}: {correction.voids?.reason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={struck}>{entry.minutes}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.user_name}</Text>
                    <Text size="xs" c="dimmed">
                      {CARE_ROLE_LABELS[entry.care_role]}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {voided ? (
                      <Badge color="gray" variant="light">
                        Voided
                      </Badge>
                    ) : (
                      COUNTS_AS_LABELS[entry.counts_as]
                    )}
                  </Table.Td>
                  {canCorrect && (
                    <Table.Td>
                      {!voided && (
                        <Button
                          size="xs"
                          variant="subtle"
                          aria-label={`Correct the ${entry.minutes}-minute entry of ${entry.date}`}
                          onClick={() => setCorrecting(entry)}
                        >
                          Correct
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {more && (
        <Group justify="center">
          <Button variant="default" loading={loadingMore} onClick={more}>
            Load more time entries
          </Button>
        </Group>
      )}
      <CorrectionModal patientId={patientId} entry={correcting} onClose={() => setCorrecting(null)} />
    </Stack>
  );
}
