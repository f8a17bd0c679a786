import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MessageSquare, MessageSquareOff } from 'lucide-react';
import { useId } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { LoadMore } from '../../../components/table/load-more';
import { usePatientTexts } from '../api/get-patient-texts';
import { SendTextForm } from './send-text-form';
import { TextMessageItem } from './text-message-item';
import { formatTextTime, monthlyUsageText, openCallbacksText, sendBlockedReason } from './texts.utils';
import { ListEmptyState } from '../../../components/feedback/list-empty-state';

export interface PatientTextsSectionProps {
  patientId: string;
  firstName: string;
  /** The patient's organization, named in the default check-in text. */
  organizationName: string;
}

/**
 * 'Text Messages' on the patient page (product-rules.md "Texts"): the opt-out
 * state, this month's usage, the send form and the history, newest first, a page at a time. Refreshed every 10 s so
 * delivery statuses and replies appear while the page is open.
 */
export function PatientTextsSection({ patientId, firstName, organizationName }: PatientTextsSectionProps) {
  const { query, latest: data, messages } = usePatientTexts(patientId);
  const titleId = useId();
  const historyId = useId();

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" gap="xs" mb="sm">
        <Title order={2} size="h4" id={titleId}>
          Text Messages
        </Title>
        {data && (
          <Group gap="xs">
            {data.opted_out && (
              <Badge color="red" variant="filled">
                Opted out
              </Badge>
            )}
            {data.open_callback_requests > 0 && (
              <Badge color="orange" variant="light">
                {openCallbacksText(data.open_callback_requests)}
              </Badge>
            )}
          </Group>
        )}
      </Group>

      {query.isPending ? (
        <Text c="dimmed" role="status">
          Loading text messages...
        </Text>
      ) : !data ? (
        <ErrorAlert message={query.error?.message ?? ''} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="md">
          {data.opted_out && (
            <Alert
              color="red"
              variant="light"
              role="note"
              icon={<MessageSquareOff size={18} aria-hidden="true" />}
              title="Opted out of text messages"
            >
              {data.opted_out_at ? `Opted out on ${formatTextTime(data.opted_out_at)}. ` : ''}
              No texts are sent until the patient replies START.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <SendTextForm
              patientId={patientId}
              firstName={firstName}
              organizationName={organizationName}
              blockedReason={sendBlockedReason(data)}
              usage={monthlyUsageText(data.sent_this_month, data.monthly_limit)}
            />
            <Stack gap="sm" component="section" aria-labelledby={historyId}>
              <Title order={3} size="h5" id={historyId}>
                Message history
              </Title>
              {messages.length === 0 ? (
                <ListEmptyState icon={MessageSquare} title="No text messages yet" />
              ) : (
                <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
                  {messages.map((text) => (
                    <TextMessageItem key={text.id} patientId={patientId} text={text} />
                  ))}
                </Stack>
              )}
              <LoadMore query={query} label="Load older messages" />
            </Stack>
          </SimpleGrid>
        </Stack>
      )}
    </Card>
  );
}
