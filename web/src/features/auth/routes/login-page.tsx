import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { COMPANY, mailto } from '../../../config/company';
import { paths } from '../../../config/paths';
import type { PendingSignInStep } from '../../../lib/sign-in-step';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoginForm } from '../components/login-form';
import { loginNotice, readLoginNavigationState } from '../components/login-form.utils';

// Only first sign-ins and two-factor sign-ins need these screens (and the QR code): not every visit to /login.
const SignInChallenge = lazy(async () => ({
  default: (await import('../components/sign-in-challenge')).SignInChallenge,
}));

export function LoginPage() {
  const [challenge, setChallenge] = useState<PendingSignInStep | null>(null);
  // Back from a sign-in step, the form keeps the e-mail typed.
  const [email, setEmail] = useState<string | undefined>(undefined);

  if (challenge) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <SignInChallenge
          step={challenge}
          onStep={(step) => setChallenge(step.step === 'done' ? null : step)}
          onRestart={() => setChallenge(null)}
        />
      </Suspense>
    );
  }
  return (
    <SignInForm
      email={email}
      onChallenge={(step, typed) => {
        setEmail(typed);
        setChallenge(step);
      }}
    />
  );
}

function SignInForm({
  email,
  onChallenge,
}: {
  email: string | undefined;
  onChallenge: (step: PendingSignInStep, email: string) => void;
}) {
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
          <LoginForm notice={notice} initialEmail={email ?? navigationState.email} onChallenge={onChallenge} />
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
