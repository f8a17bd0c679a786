import { Group, List, Stack, Text } from '@mantine/core';
import { Circle, CircleCheck } from 'lucide-react';
import type { TimeEntriesAnswer } from '../../../../../shared/care-time';
import { monthLabel, nextThresholdText, thresholdMarks } from './care-time.utils';

/** This month's clinical staff minutes against the thresholds, the practitioner's time and the AI contacts. */
export function MonthProgress({ month }: { month: TimeEntriesAnswer }) {
  const { totals } = month;
  return (
    <Stack gap="xs">
      <Text fw={600}>
        {monthLabel(month.month)}: {totals.staff_minutes} clinical staff{' '}
        {totals.staff_minutes === 1 ? 'minute' : 'minutes'}
      </Text>
      <List spacing={4} size="sm" listStyleType="none" aria-label="Clinical staff minute thresholds">
        {thresholdMarks(totals.staff_minutes).map(({ threshold, met }) => (
          <List.Item
            key={threshold}
            icon={
              met ? (
                <CircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden="true" />
              ) : (
                <Circle size={18} color="var(--mantine-color-gray-6)" aria-hidden="true" />
              )
            }
          >
            {threshold} minutes: {met ? 'met' : 'not yet'}
          </List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">
        {nextThresholdText(totals.staff_minutes)}
      </Text>
      <Group gap="lg">
        <Text size="sm">Practitioner time: {totals.practitioner_minutes} min</Text>
        <Text size="sm">AI assistant contacts: {totals.ai_contacts} (documented as contacts, not minutes)</Text>
      </Group>
    </Stack>
  );
}
