import { Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

export interface MessagePageProps {
  title: string;
  icon: ReactNode;
  color?: string;
  children: ReactNode;
  actions?: ReactNode;
}

/** A full-page message with one heading: account states, errors, empty workspaces. */
export function MessagePage({ title, icon, color = 'careloop', children, actions }: MessagePageProps) {
  useDocumentTitle(title);
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden="true">
          {icon}
        </ThemeIcon>
        <Title order={1}>{title}</Title>
        <Stack gap="xs" maw={520}>
          {typeof children === 'string' ? <Text>{children}</Text> : children}
        </Stack>
        {actions}
      </Stack>
    </Container>
  );
}
