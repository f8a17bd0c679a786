import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { UserProfile } from '../../../../../shared/domain';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useSuspension } from '../api/save-user';
import { displayName } from './users.utils';

export interface SuspensionModalProps {
  opened: boolean;
  /** The user to suspend, or to restore when already suspended. */
  user: UserProfile | null;
  onClose: () => void;
}

/**
 * Suspending or restoring an account asks first (DECISIONS "Sessions"): a suspended account is
 * signed out at once and cannot sign in until an operator restores it.
 */
export function SuspensionModal({ opened, user, onClose }: SuspensionModalProps) {
  const change = useSuspension();
  const suspend = !user?.suspended_at;
  const title = suspend ? 'Suspend User' : 'Restore User';
  const close = () => {
    if (change.isPending) return;
    change.reset();
    onClose();
  };
  const who = user ? `${displayName(user)}${user.email ? ` (${user.email})` : ''}` : '';
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close dialog' }} opened={opened} onClose={close} title={title} size="md">
      <Stack gap="md">
        {change.error && <ErrorAlert message={change.error.message} />}
        <Text>
          {suspend
            ? `Suspend ${who}? They are signed out everywhere at once and cannot sign in until you restore the account.`
            : `Restore ${who}? They can sign in again.`}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={change.isPending}>
            Cancel
          </Button>
          <Button
            color={suspend ? 'red' : undefined}
            loading={change.isPending}
            onClick={() => {
              if (!user) return;
              change.mutate(
                { userId: user.id, suspend },
                {
                  onSuccess: () => {
                    change.reset();
                    onClose();
                  },
                },
              );
            }}
          >
            {suspend ? 'Suspend' : 'Restore'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
