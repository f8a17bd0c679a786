import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Check, Copy, Link2, PhoneOff, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import { TEXT_MESSAGES } from '../../../../../shared/texts';
import { useCreateCallLink } from '../api/create-call-link';
import { TextNotice } from './text-notice';
import { COPY_CONFIRMATION_MS, TEXT_ERROR_CLEAR_MS, linkExpiryText } from './texts.utils';
import { useCopyText } from './use-copy-text';
import { useNotice } from './use-notice';

export interface CallLinkButtonProps {
  patientId: string;
  /** The patient's full name, in the dialog's title. */
  patientName: string;
  /** A link calls this number: without one no link is made (the server refuses it too). */
  phoneNumber: string | null;
}

export const COPY_FAILED_TEXT = 'Your browser did not allow copying. The link is selected: press Ctrl+C (⌘C on a Mac).';

/**
 * 'Call Link' on the patient page and its magic-link modal (product-rules.md "Screens"): a new `/call/{token}` link
 * is made each time the modal opens, shown read-only with a Copy button ('Link copied' for 2 s)
 * and its expiry; a failure shows for 5 s and 'Create new link' tries again.
 */
export function CallLinkButton({ patientId, patientName, phoneNumber }: CallLinkButtonProps) {
  const create = useCreateCallLink(patientId);
  const [opened, setOpened] = useState(false);
  const { notice, show, clear } = useNotice();
  const clipboard = useCopyText(COPY_CONFIRMATION_MS);
  const input = useRef<HTMLInputElement>(null);

  const createLink = () => {
    clear();
    clipboard.reset();
    create.mutate(undefined, {
      onError: (error) =>
        show({ kind: 'error', text: error.message || TEXT_MESSAGES.linkCreateFailed }, TEXT_ERROR_CLEAR_MS),
    });
  };

  const open = () => {
    setOpened(true);
    if (phoneNumber) createLink();
  };

  const close = () => {
    setOpened(false);
    clear();
    clipboard.reset();
  };

  const copy = async (link: string) => {
    if ((await clipboard.copy(link)) === 'failed') input.current?.select();
  };

  const link = create.isSuccess ? create.data : null;

  return (
    <>
      <Button
        variant="light"
        leftSection={<Link2 size={16} aria-hidden="true" />}
        aria-haspopup="dialog"
        onClick={open}
      >
        Call Link
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={`Call Link for ${patientName}`}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack gap="md">
          <Text size="sm">
            Share this link with {patientName} only. When they open it, the CareLoop assistant calls them at their phone
            number on file (at most one call every 15 minutes).
          </Text>

          {!phoneNumber ? (
            <Alert
              color="yellow"
              role="note"
              icon={<PhoneOff size={18} aria-hidden="true" />}
              title={CALL_MESSAGES.noPhoneNumber}
            >
              Add a phone number with Edit Patient to make a call link.
            </Alert>
          ) : create.isPending ? (
            <Group gap="sm" role="status" aria-live="polite">
              <Loader size="sm" aria-hidden="true" />
              <Text size="sm">Creating link...</Text>
            </Group>
          ) : link ? (
            <Stack gap="xs">
              <Group gap="sm" align="flex-end" wrap="nowrap">
                <TextInput
                  ref={input}
                  label="Call link"
                  value={link.link}
                  readOnly
                  onFocus={(event) => event.currentTarget.select()}
                  style={{ flex: 1, minWidth: 0 }}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
                />
                <Button
                  color={clipboard.state === 'copied' ? 'green' : undefined}
                  leftSection={
                    clipboard.state === 'copied' ? (
                      <Check size={16} aria-hidden="true" />
                    ) : (
                      <Copy size={16} aria-hidden="true" />
                    )
                  }
                  onClick={() => void copy(link.link)}
                >
                  {clipboard.state === 'copied' ? 'Copied!' : 'Copy'}
                </Button>
              </Group>
              <Text size="sm" c="dimmed">
                {linkExpiryText(link.expires)}
              </Text>
              <div role="status" aria-live="polite">
                {clipboard.state === 'copied' && (
                  <Text size="sm" c="green" fw={600}>
                    {TEXT_MESSAGES.linkCopied}
                  </Text>
                )}
                {clipboard.state === 'failed' && (
                  <Text size="sm" c="red.9">
                    {COPY_FAILED_TEXT}
                  </Text>
                )}
              </div>
            </Stack>
          ) : (
            !notice && (
              <Text size="sm" c="dimmed">
                No link was created.
              </Text>
            )
          )}

          <TextNotice notice={notice} />

          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              leftSection={<RefreshCw size={16} aria-hidden="true" />}
              disabled={create.isPending || !phoneNumber}
              onClick={createLink}
            >
              Create new link
            </Button>
            <Button onClick={close}>Close</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
