import { Anchor, Text } from '@mantine/core';
import { UserX } from 'lucide-react';
import { COMPANY, mailto } from '../../config/company';
import { SignOutButton } from '../sign-out-button';
import { MessagePage } from './message-page';

/** A signed-in role with no workspace (patients are reached by phone, text and links). */
export function NoWorkspacePage() {
  return (
    <MessagePage title="No workspace for this account" icon={<UserX size={28} />} actions={<SignOutButton />}>
      <Text>
        This account does not have access to the {COMPANY.name} workspace. Patients are contacted by phone, text message
        and secure links from their healthcare provider.
      </Text>
      <Text>
        If you think this is a mistake, contact us at{' '}
        <Anchor href={mailto(COMPANY.contactEmail)}>{COMPANY.contactEmail}</Anchor>.
      </Text>
    </MessagePage>
  );
}
