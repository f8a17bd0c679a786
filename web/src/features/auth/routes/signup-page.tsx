import { Anchor, Container, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { LoginNavigationState } from '../components/login-form.utils';
import { SignUpForm } from '../components/signup-form';
import { SIGN_UP_REDIRECT_DELAY_MS, SIGN_UP_SUCCESS_MESSAGE } from '../components/signup-form.utils';

function AccountCreated({ email }: { email: string }) {
  const navigate = useNavigate();
  useDocumentTitle('Account Created!');

  useEffect(() => {
    const timer = setTimeout(() => {
      const state: LoginNavigationState = { message: SIGN_UP_SUCCESS_MESSAGE, email };
      void navigate(paths.login.getHref(), { state });
    }, SIGN_UP_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, email]);

  return (
    <Stack align="center" ta="center" gap="md" role="status">
      <ThemeIcon size={56} radius="xl" variant="light" color="green" aria-hidden="true">
        <MailCheck size={28} />
      </ThemeIcon>
      <Title order={1}>Account Created!</Title>
      <Text>
        We sent a confirmation link to <strong>{email}</strong>. Click it to confirm your e-mail address, then sign in.
      </Text>
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm" c="dimmed">
        Taking you to the sign-in page...
      </Text>
    </Stack>
  );
}

export function SignUpPage() {
  useDocumentTitle('Create your account');
  const [createdEmail, setCreatedEmail] = useState<string | null>(null);

  return (
    <Container size={440} py={48}>
      {createdEmail ? (
        <AccountCreated email={createdEmail} />
      ) : (
        <Stack gap="lg">
          <Stack gap={4} ta="center">
            <Title order={1}>Create your account</Title>
            <Text c="dimmed">An operator enables new accounts before first use.</Text>
          </Stack>
          <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
            <SignUpForm onSignedUp={setCreatedEmail} />
          </Paper>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={paths.login.getHref()}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      )}
    </Container>
  );
}
