import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { COMPANY } from '../../../config/company';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function LegalPage({ title, dated = true, children }: { title: string; dated?: boolean; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Container size="md" py={48}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          {dated && <Text c="dimmed">Last updated: {COMPANY.legalPagesDate}</Text>}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="sm">
      <Title order={2} fz="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
