import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a description list (`<dl>`): label above, value below, long values wrap. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" fw={600} component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
