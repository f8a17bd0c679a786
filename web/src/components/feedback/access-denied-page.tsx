import { ShieldX } from 'lucide-react';
import { SignOutButton } from '../sign-out-button';
import { MessagePage } from './message-page';

export function AccessDeniedPage({ message = 'You do not have access to this page.' }: { message?: string }) {
  return (
    <MessagePage title="Access denied" icon={<ShieldX size={28} />} color="red" actions={<SignOutButton />}>
      {message}
    </MessagePage>
  );
}
