import { Box, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Step {
  title: string;
  body: ReactNode;
}

/** Numbered steps of "How It Works", as an ordered list. */
export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <SimpleGrid
      component="ol"
      cols={{ base: 1, sm: steps.length }}
      spacing="xl"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {steps.map((step, index) => (
        <Box component="li" key={step.title}>
          <Stack gap="sm">
            <ThemeIcon size={40} radius="xl" aria-hidden="true">
              <Text fw={700} component="span">
                {index + 1}
              </Text>
            </ThemeIcon>
            <Title order={3} fz="lg">
              {step.title}
            </Title>
            <Text c="dimmed">{step.body}</Text>
          </Stack>
        </Box>
      ))}
    </SimpleGrid>
  );
}
