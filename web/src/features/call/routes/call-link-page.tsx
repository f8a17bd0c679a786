import { Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** `/call/{token}`: the patient's call link (public, token based). Validation arrives with calls. */
export function CallLinkPage() {
  useDocumentTitle('Your CareLoop call');
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="sm">
        <Title order={1}>Your CareLoop call</Title>
        <Text c="dimmed">This page connects you with the CareLoop care assistant.</Text>
      </Stack>
    </Container>
  );
}
