import { Alert, Button, Checkbox, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { Ban, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  TEXT_BODY_MAX,
  TEXT_FOOTER,
  TEXT_MESSAGES,
  defaultCheckInText,
  sendTextSchema,
} from '../../../../../shared/texts';
import { useSendText } from '../api/send-text';
import { TextNotice } from './text-notice';
import { TEXT_ERROR_CLEAR_MS, TEXT_SENT_CLEAR_MS, characterCountText } from './texts.utils';
import { useNotice } from './use-notice';

export interface SendTextFormProps {
  patientId: string;
  firstName: string;
  organizationName: string;
  /** Why texting is off (no phone, opted out, the month's limit), or null. */
  blockedReason: string | null;
  /** "n of 5 texts sent this month". */
  usage: string;
}

/**
 * The send form (product-rules.md "Errors", "Limits"): a check-in text prefilled with the default wording, an optional call
 * link, 'Test message sent successfully!' for 3 s or the failure for 5 s.
 */
export function SendTextForm({ patientId, firstName, organizationName, blockedReason, usage }: SendTextFormProps) {
  const send = useSendText(patientId);
  const defaultBody = defaultCheckInText(firstName, organizationName);
  const [body, setBody] = useState(defaultBody);
  const [includeMagicLink, setIncludeMagicLink] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const { notice, show, clear } = useNotice();
  const titleId = useId();
  const blocked = blockedReason !== null;
  const tooLong = body.length > TEXT_BODY_MAX;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked || send.isPending) return;
    const parsed = sendTextSchema.safeParse({ body, includeMagicLink });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? TEXT_MESSAGES.bodyRequired);
      return;
    }
    setInvalid(null);
    clear();
    send.mutate(parsed.data, {
      onSuccess: () => {
        show({ kind: 'success', text: TEXT_MESSAGES.sent }, TEXT_SENT_CLEAR_MS);
        setBody(defaultBody);
        setIncludeMagicLink(false);
      },
      onError: (error) => show({ kind: 'error', text: error.message || TEXT_MESSAGES.sendFailed }, TEXT_ERROR_CLEAR_MS),
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={titleId}>
          Send a text
        </Title>
        {blockedReason && (
          <Alert color="yellow" role="note" icon={<Ban size={18} aria-hidden="true" />}>
            {blockedReason}
          </Alert>
        )}
        <Textarea
          label="Message"
          rows={5}
          resize="vertical"
          value={body}
          disabled={blocked}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setInvalid(null);
          }}
          description={characterCountText(body)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={invalid ?? (tooLong ? TEXT_MESSAGES.bodyTooLong : undefined)}
        />
        <Checkbox
          label="Include a call link"
          description="The patient can tap it to have the care assistant call them (valid for 7 days)."
          checked={includeMagicLink}
          disabled={blocked}
          onChange={(event) => setIncludeMagicLink(event.currentTarget.checked)}
        />
        <Text size="sm" c="dimmed">
          Every text ends with &ldquo;{TEXT_FOOTER}&rdquo;
        </Text>
        <Group justify="space-between" gap="sm">
          <Text size="sm" fw={600}>
            {usage}
          </Text>
          <Button
            type="submit"
            leftSection={<Send size={16} aria-hidden="true" />}
            loading={send.isPending}
            disabled={blocked || tooLong}
          >
            Send Text
          </Button>
        </Group>
        <TextNotice notice={notice} />
      </Stack>
    </form>
  );
}
