import { Button, type ButtonProps } from '@mantine/core';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useSignOut } from '../lib/session';

/** Signs out, then goes to `/`. */
export function SignOutButton(props: Omit<ButtonProps, 'children' | 'onClick'>) {
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<LogOut size={16} aria-hidden="true" />}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut();
      }}
      {...props}
    >
      Sign Out
    </Button>
  );
}
