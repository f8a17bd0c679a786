import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LandingSectionProps {
  id: string;
  title: string;
  intro?: ReactNode;
  tinted?: boolean;
  children?: ReactNode;
}

/** A page section labelled by its h2, so screen readers can jump between sections. */
export function LandingSection({ id, title, intro, tinted = false, children }: LandingSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      py={{ base: 48, sm: 72 }}
      bg={tinted ? 'careloop.0' : undefined}
    >
      <Container size="lg">
        <Stack gap="xl">
          <Stack gap="xs" maw={720}>
            <Title order={2} id={headingId} tabIndex={-1} style={{ outline: 'none' }}>
              {title}
            </Title>
            {intro && (
              <Text size="lg" c="dimmed">
                {intro}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
