import { Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { FALLBACK_ERRORS } from '../../../../shared/messages';
import { sessionQueryKey } from '../../lib/session';
import { SignOutButton } from '../sign-out-button';
import { MessagePage } from './message-page';

/** The tokens are there but the profile could not be loaded (network or server failure). */
export function SessionErrorPage() {
  const queryClient = useQueryClient();
  return (
    <MessagePage
      title={FALLBACK_ERRORS.loadAccount}
      icon={<CircleAlert size={28} />}
      color="red"
      actions={
        <Group>
          <Button onClick={() => void queryClient.refetchQueries({ queryKey: sessionQueryKey })}>Try again</Button>
          <SignOutButton />
        </Group>
      }
    >
      Please check your connection and try again.
    </MessagePage>
  );
}
