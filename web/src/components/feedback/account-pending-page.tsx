import { Anchor, Text } from '@mantine/core';
import { Clock } from 'lucide-react';
import { COMPANY, mailto } from '../../config/company';
import { SignOutButton } from '../sign-out-button';
import { MessagePage } from './message-page';

/** A signed-in account with no role yet (self sign-up): never a redirect loop, this page instead. */
export function AccountPendingPage() {
  return (
    <MessagePage title="Account pending" icon={<Clock size={28} />} actions={<SignOutButton />}>
      <Text>Your account has been created, but an operator must enable it before you can use {COMPANY.name}.</Text>
      <Text>
        If you are waiting for access, contact us at{' '}
        <Anchor href={mailto(COMPANY.contactEmail, 'Enable my CareLoop account')}>{COMPANY.contactEmail}</Anchor>.
      </Text>
    </MessagePage>
  );
}
