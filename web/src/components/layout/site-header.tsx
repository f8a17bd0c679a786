import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { LogIn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { SignOutButton } from '../sign-out-button';
import { Logo } from './logo';

// Only a signed-in user needs it: the public pages' first load does not carry it.
const IdleSignOut = lazy(async () => ({ default: (await import('../idle-sign-out')).IdleSignOut }));

function HeaderAccount() {
  const session = useSession();
  switch (session.status) {
    case 'loading':
      // The height of the xs buttons that follow, so the page below does not shift when they appear.
      return <Box h={30} />;
    case 'signed-in':
      return (
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Text size="sm" c="dimmed" truncate="end" maw={{ base: 110, xs: 220, sm: 360 }} title={session.user.email}>
            {session.user.email}
          </Text>
          {/* The button keeps its full label; the e-mail is what gives way on narrow screens. */}
          <SignOutButton size="xs" style={{ flexShrink: 0 }} />
          <Suspense fallback={null}>
            <IdleSignOut />
          </Suspense>
        </Group>
      );
    case 'error':
      return <SignOutButton size="xs" />;
    case 'signed-out':
      return (
        <Button
          component={Link}
          to={paths.login.getHref()}
          variant="light"
          size="xs"
          leftSection={<LogIn size={16} aria-hidden="true" />}
        >
          Login
        </Button>
      );
  }
}

export function SiteHeader() {
  return (
    <Box
      component="header"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-white)' }}
    >
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Anchor component={Link} to={paths.home.getHref()} underline="never" aria-label="CareLoop home">
            <Logo />
          </Anchor>
          <HeaderAccount />
        </Group>
      </Container>
    </Box>
  );
}
