import { Group, Text } from '@mantine/core';
import { HeartPulse } from 'lucide-react';

export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <HeartPulse size={26} strokeWidth={2.25} aria-hidden="true" color="var(--mantine-primary-color-filled)" />
      <Text component="span" fw={800} fz="xl" c="careloop.9" lh={1}>
        CareLoop
      </Text>
    </Group>
  );
}
