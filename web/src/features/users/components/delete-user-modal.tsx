import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { CircleAlert } from 'lucide-react';
import type { UserProfile } from '../../../../../shared/domain';
import { useDeleteUser, type UserScope } from '../api/save-user';
import { displayName } from './users.utils';

export interface DeleteUserModalProps {
  opened: boolean;
  /** The user to delete. */
  user: UserProfile | null;
  onClose: () => void;
  scope?: UserScope;
}

/** Deleting a user or provider user asks for confirmation (spec §5). */
export function DeleteUserModal({ opened, user, onClose, scope = 'users' }: DeleteUserModalProps) {
  const remove = useDeleteUser(scope);
  const providerUser = scope === 'provider-users';
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={close}
      title={providerUser ? 'Remove Provider User' : 'Delete User'}
      size="md"
    >
      <Stack gap="md">
        {remove.error && (
          <Alert color="red" icon={<CircleAlert size={18} aria-hidden="true" />} role="alert">
            {remove.error.message}
          </Alert>
        )}
        <Text>
          Are you sure you want to {providerUser ? 'remove' : 'delete'} <strong>{user ? displayName(user) : ''}</strong>
          {user?.email ? ` (${user.email})` : ''}? Their account is disabled and they can no longer sign in.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => {
              if (!user) return;
              remove.mutate(user.id, {
                onSuccess: () => {
                  remove.reset();
                  onClose();
                },
              });
            }}
          >
            {providerUser ? 'Remove Provider User' : 'Delete User'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
