import { Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** `/summary/{token}`: the magic-link summary viewer, behind a provider-or-employee guard. */
export function CallSummaryPage() {
  useDocumentTitle('Call Summary');
  return (
    <Container size="md" py="xl">
      <Stack gap={4}>
        <Title order={1}>Call Summary</Title>
        <Text c="dimmed">Healthcare Provider Access</Text>
      </Stack>
    </Container>
  );
}
