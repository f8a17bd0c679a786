import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { ArrowDownLeft, ArrowUpRight, CircleCheck, Link2, PhoneCall } from 'lucide-react';
import type { PatientText } from '../../../../../shared/texts';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useResolveCallback } from '../api/resolve-callback';
import { DIRECTION_LABELS, failureCode, formatTextTime, isOpenCallback, textBadge } from './texts.utils';

export interface TextMessageItemProps {
  patientId: string;
  text: PatientText;
}

/**
 * One text of the history: direction, status (or what a reply was), time, who sent it, the words,
 * the call link and why it failed. An open callback request stands out and can be marked handled.
 */
export function TextMessageItem({ patientId, text }: TextMessageItemProps) {
  const resolve = useResolveCallback(patientId);
  const badge = textBadge(text);
  const time = formatTextTime(text.created_at);
  const open = isOpenCallback(text);
  const code = failureCode(text);
  const Direction = text.direction === 'outbound' ? ArrowUpRight : ArrowDownLeft;

  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      radius="md"
      bg={open ? 'orange.0' : undefined}
      style={open ? { borderColor: 'var(--mantine-color-orange-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap="xs">
            <Group gap={4} wrap="nowrap">
              <Direction size={16} aria-hidden="true" />
              <Text fw={600} size="sm">
                {DIRECTION_LABELS[text.direction]}
              </Text>
            </Group>
            <Badge color={badge.color} variant="light">
              {badge.label}
            </Badge>
            {text.included_call_link && (
              <Badge color="careloop" variant="outline" leftSection={<Link2 size={12} aria-hidden="true" />}>
                Call link included
              </Badge>
            )}
          </Group>
          {open && (
            <Button
              size="xs"
              color="orange"
              variant="filled"
              leftSection={<CircleCheck size={14} aria-hidden="true" />}
              loading={resolve.isPending}
              aria-label={`Mark handled: callback request of ${time}`}
              onClick={() => resolve.mutate(text.id)}
            >
              Mark handled
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {time}
          {text.sent_by_name ? ` · by ${text.sent_by_name}` : ''}
          {text.kind === 'reminder' ? ' · automatic reminder of a scheduled call' : ''}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text.body}
        </Text>
        {code && (
          <Text size="sm" c="red.9">
            Error code: {code}
          </Text>
        )}
        {open && (
          <Group gap={6} wrap="nowrap">
            <PhoneCall size={14} aria-hidden="true" />
            <Text size="sm" fw={600}>
              The patient asked to be called back.
            </Text>
          </Group>
        )}
        {text.callback?.status === 'resolved' && (
          <Text size="sm" c="dimmed">
            Handled
            {text.callback.resolved_by_name ? ` by ${text.callback.resolved_by_name}` : ''}
            {text.callback.resolved_at ? ` on ${formatTextTime(text.callback.resolved_at)}` : ''}
          </Text>
        )}
        {resolve.isError && <ErrorAlert message={resolve.error.message} />}
      </Stack>
    </Card>
  );
}
