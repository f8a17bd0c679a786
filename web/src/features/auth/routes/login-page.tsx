import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { COMPANY, mailto } from '../../../config/company';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoginForm } from '../components/login-form';
import { loginNotice, readLoginNavigationState } from '../components/login-form.utils';

export function LoginPage() {
  useDocumentTitle('Sign In');
  const location = useLocation();
  const navigationState = readLoginNavigationState(location.state);
  const notice = loginNotice(navigationState, location.search);

  return (
    <Container size={440} py={48}>
      <Stack gap="lg">
        <Stack gap={4} ta="center">
          <Title order={1}>Welcome back</Title>
          <Text c="dimmed">Sign in to your {COMPANY.name} account</Text>
        </Stack>
        <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
          <LoginForm notice={notice} initialEmail={navigationState.email} />
        </Paper>
        <Text size="sm" ta="center">
          Accounts are provided by {COMPANY.name}. To get one, contact us at{' '}
          <Anchor href={mailto(COMPANY.contactEmail, 'CareLoop account request')}>{COMPANY.contactEmail}</Anchor>.
        </Text>
        <Text size="sm" ta="center">
          New here?{' '}
          <Anchor component={Link} to={paths.signup.getHref()}>
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
