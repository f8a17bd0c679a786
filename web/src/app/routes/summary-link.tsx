import { Alert, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { CircleAlert, ShieldCheck } from 'lucide-react';
import { useParams } from 'react-router';
import { SUMMARY_LINK_MESSAGES } from '../../../../shared/summary-link';
import { useSignedInUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSummaryLink } from '../../features/summaries/api/get-summary-link';
import { CallSummaryCards } from '../../features/summaries/components/call-summary-cards';
import {
  formatDateTime,
  loadErrorView,
  summariesListHref,
  type LoadErrorView,
} from '../../features/summaries/components/call-summary.utils';
import { BackButton } from '../../components/layout/back-button';

/**
 * `/summary/{token}` (product-rules.md "Screens"): the summary a notification's link opens, for a
 * signed-in operator or provider staff member (the route's guard); the server applies product-rules.md "Roles" to the
 * link itself and records the view.
 */
export function CallSummaryPage() {
  useDocumentTitle('Call Summary');
  const { token = '' } = useParams();
  const user = useSignedInUser();
  const query = useSummaryLink(token);

  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Box>
          <BackButton to={summariesListHref(user.role)}>Back to All Summaries</BackButton>
        </Box>

        <Stack gap={4}>
          <Title order={1}>Call Summary</Title>
          <Group gap={6} wrap="nowrap">
            <ShieldCheck size={16} aria-hidden="true" />
            <Text c="dimmed">Healthcare Provider Access</Text>
          </Group>
          {query.data && (
            <Text size="sm" c="dimmed">
              Accessed {formatDateTime(query.data.accessedAt)}
            </Text>
          )}
        </Stack>

        {query.isPending ? (
          <Text role="status">{SUMMARY_LINK_MESSAGES.loading}</Text>
        ) : query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <CallSummaryCards data={query.data} />
            <Stack gap={4} ta="center">
              <Text size="sm" c="dimmed">
                This summary was generated for provider review. It is confidential and for authorized provider use only.
              </Text>
              <Text size="sm" c="dimmed">
                {SUMMARY_LINK_MESSAGES.footer}
              </Text>
            </Stack>
          </>
        )}
      </Stack>
    </Container>
  );
}

/** `/summary/` without a token: nothing to open, said at once (no sign-in, no request). */
export function SummaryLinkWithoutTokenPage() {
  useDocumentTitle('Call Summary');
  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Title order={1}>Call Summary</Title>
        <LinkErrorAlert
          view={{ title: SUMMARY_LINK_MESSAGES.noToken, help: SUMMARY_LINK_MESSAGES.invalidHelp, retry: false }}
        />
      </Stack>
    </Container>
  );
}

function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return <LinkErrorAlert view={loadErrorView(error)} onRetry={onRetry} />;
}

function LinkErrorAlert({ view, onRetry }: { view: LoadErrorView; onRetry?: () => void }) {
  return (
    <Alert color="red" title={view.title} icon={<CircleAlert size={18} aria-hidden="true" />} role="alert">
      {view.help && <Text size="sm">{view.help}</Text>}
      {view.retry && onRetry && (
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
