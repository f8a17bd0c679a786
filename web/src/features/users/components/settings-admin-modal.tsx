import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { UserProfile } from '../../../../../shared/domain';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useSettingsAdmin } from '../api/save-user';
import { displayName } from './users.utils';

export interface SettingsAdminModalProps {
  opened: boolean;
  /** The operator to make a settings admin, or to revoke it from when they are one. */
  user: UserProfile | null;
  onClose: () => void;
}

/**
 * Granting or revoking settings administration asks first: a settings admin reads and changes the
 * call assistant's System Settings for every organization, and may grant the same to others.
 */
export function SettingsAdminModal({ opened, user, onClose }: SettingsAdminModalProps) {
  const change = useSettingsAdmin();
  const grant = user?.can_manage_settings !== true;
  const close = () => {
    if (change.isPending) return;
    change.reset();
    onClose();
  };
  const who = user ? `${displayName(user)}${user.email ? ` (${user.email})` : ''}` : '';
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={close}
      title={grant ? 'Make Settings Admin' : 'Revoke Settings Admin'}
      size="md"
    >
      <Stack gap="md">
        {change.error && <ErrorAlert message={change.error.message} />}
        <Text>
          {grant
            ? `Make ${who} a settings admin? They can view and change System Settings, and grant or revoke this for other operators.`
            : `Revoke settings administration from ${who}? They lose access to System Settings at once.`}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={change.isPending}>
            Cancel
          </Button>
          <Button
            color={grant ? undefined : 'red'}
            loading={change.isPending}
            onClick={() => {
              if (!user) return;
              change.mutate(
                { userId: user.id, grant },
                {
                  onSuccess: () => {
                    change.reset();
                    onClose();
                  },
                },
              );
            }}
          >
            {grant ? 'Make settings admin' : 'Revoke'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
