import { Stack, Text } from '@mantine/core';

/** One labelled figure of an operator card (the call-lines cards): a small dimmed label over the value. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}
