import { Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

export interface PageShellProps {
  /** The page's one h1, also used as the tab title. */
  title: string;
  description?: ReactNode;
  /** Beside the title, e.g. a role badge. */
  titleAside?: ReactNode;
  /** Right of the header, e.g. a primary action or a back button. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of a workspace screen: a title row and the content below. */
export function PageShell({ title, description, titleAside, actions, children }: PageShellProps) {
  useDocumentTitle(title);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          {/* A long name without a break (a patient's, an organization's) wraps instead of widening the page. */}
          <Stack gap={4} miw={0}>
            <Group gap="sm" align="center">
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Title>
              {titleAside}
            </Group>
            {description && <Text c="dimmed">{description}</Text>}
          </Stack>
          {actions}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
