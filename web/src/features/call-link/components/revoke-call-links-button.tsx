import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { CircleCheck, Link2Off } from 'lucide-react';
import { useState } from 'react';
import { REVOKE_CALL_LINKS_MESSAGES } from '../../../../../shared/call-link';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useRevokeCallLinks } from '../api/revoke-call-links';

export interface RevokeCallLinksButtonProps {
  patientId: string;
  /** The patient's full name, in the question. */
  patientName: string;
}

/**
 * 'Revoke Call Links' on the patient page (issue 21): asks first, then makes every call link of the
 * patient made so far stop working (a later link works). The dialog says how it went, and cannot be
 * closed while the request runs.
 */
export function RevokeCallLinksButton({ patientId, patientName }: RevokeCallLinksButtonProps) {
  const revoke = useRevokeCallLinks(patientId);
  const [opened, setOpened] = useState(false);

  const close = () => {
    if (revoke.isPending) return;
    revoke.reset();
    setOpened(false);
  };

  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<Link2Off size={16} aria-hidden="true" />}
        aria-haspopup="dialog"
        onClick={() => setOpened(true)}
      >
        {REVOKE_CALL_LINKS_MESSAGES.button}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={REVOKE_CALL_LINKS_MESSAGES.title}
        size="md"
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack gap="md">
          {revoke.isSuccess ? (
            <Alert color="green" icon={<CircleCheck size={18} aria-hidden="true" />} role="status">
              {REVOKE_CALL_LINKS_MESSAGES.revoked}
            </Alert>
          ) : (
            <>
              {revoke.error && <ErrorAlert message={revoke.error.message || REVOKE_CALL_LINKS_MESSAGES.failed} />}
              <Text>{REVOKE_CALL_LINKS_MESSAGES.confirm(patientName)}</Text>
            </>
          )}
          <Group justify="flex-end" gap="sm">
            {revoke.isSuccess ? (
              <Button onClick={close}>Close</Button>
            ) : (
              <>
                <Button variant="default" onClick={close} disabled={revoke.isPending}>
                  Cancel
                </Button>
                <Button color="red" loading={revoke.isPending} onClick={() => revoke.mutate()}>
                  {REVOKE_CALL_LINKS_MESSAGES.title}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
