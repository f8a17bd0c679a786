import { Anchor, Button, Center, Code, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { PASSWORD_HINT } from '../../../../../shared/password-policy';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import type { PendingSignInStep, SignInStep } from '../../../lib/sign-in-step';
import { useConfirmSignIn } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { RevealablePasswordInput } from './revealable-password-input';
import {
  challengeErrorMessage,
  groupSecret,
  normalizeCode,
  validateCode,
  validateNewPassword,
} from './sign-in-challenge.utils';

export interface SignInChallengeProps {
  step: PendingSignInStep;
  onStep: (step: SignInStep) => void;
  /** Back to the e-mail and password form: the sign-in starts again. */
  onRestart: () => void;
}

/**
 * The steps between a correct password and a session: choosing one's own password (the operator's
 * was temporary) and two-factor sign-in. Loaded only when a sign-in needs it (QR code included).
 */
export function SignInChallenge({ step, onStep, onRestart }: SignInChallengeProps) {
  switch (step.step) {
    case 'new-password':
      return <NewPasswordForm onStep={onStep} onRestart={onRestart} />;
    case 'totp-setup':
      return (
        <TotpSetupForm
          key={step.secret}
          secret={step.secret}
          setupUri={step.setupUri}
          onStep={onStep}
          onRestart={onRestart}
        />
      );
    case 'totp-code':
      return <TotpCodeForm onStep={onStep} onRestart={onRestart} />;
  }
}

type FormProps = Omit<SignInChallengeProps, 'step'>;

/** Submits an answer to the sign-in step: busy while it runs, the error shown, the next step handed on. */
function useAnswer({ onStep }: FormProps) {
  const confirm = useConfirmSignIn();
  const [error, setError] = useState<{ message: string; restart: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const answer = async (response: string) => {
    setBusy(true);
    setError(null);
    try {
      const next = await confirm(response);
      // Done: the session now shows a user and the sign-in route redirects; stay busy until then.
      if (next.step !== 'done') {
        setBusy(false);
        onStep(next);
      }
    } catch (caught) {
      setError(challengeErrorMessage(caught));
      setBusy(false);
    }
  };
  return { error, setError, busy, answer };
}

function ChallengeLayout({
  title,
  intro,
  onRestart,
  children,
}: {
  title: string;
  intro: ReactNode;
  onRestart: () => void;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Container size={440} py={48}>
      <Stack gap="lg">
        <Stack gap={4} ta="center">
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{intro}</Text>
        </Stack>
        <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
          {children}
        </Paper>
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" onClick={onRestart}>
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}

function NewPasswordForm(props: FormProps) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { error, setError, busy, answer } = useAnswer(props);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateNewPassword(password, confirmPassword);
    if (invalid) setError({ message: invalid, restart: false });
    else void answer(password);
  };

  return (
    <ChallengeLayout
      title="Set a new password"
      intro="Your account was set up with a temporary password. Choose your own to continue."
      onRestart={props.onRestart}
    >
      <form noValidate onSubmit={onSubmit} aria-label="Set a new password">
        <Stack gap="md">
          {error && <ErrorAlert message={error.message} />}
          <RevealablePasswordInput
            label="New Password"
            description={PASSWORD_HINT}
            value={password}
            onChange={setPassword}
          />
          <RevealablePasswordInput label="Confirm New Password" value={confirmPassword} onChange={setConfirmPassword} />
          <Button type="submit" fullWidth disabled={busy || error?.restart}>
            {busy ? 'Saving...' : 'Set Password'}
          </Button>
        </Stack>
      </form>
    </ChallengeLayout>
  );
}

/** The six-digit field and its button, shared by enrolment and sign-in. */
function CodeForm({ label, submitLabel, ...props }: FormProps & { label: string; submitLabel: string }) {
  const [code, setCode] = useState('');
  const { error, setError, busy, answer } = useAnswer(props);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = normalizeCode(code);
    const invalid = validateCode(typed);
    if (invalid) setError({ message: invalid, restart: false });
    else void answer(typed);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={label}>
      <Stack gap="md">
        {error && <ErrorAlert message={error.message} />}
        <TextInput
          label="6-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          withAsterisk={false}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth disabled={busy || error?.restart}>
          {busy ? 'Checking...' : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

function TotpSetupForm({ secret, setupUri, ...props }: FormProps & { secret: string; setupUri: string }) {
  return (
    <ChallengeLayout
      title="Set up two-factor sign-in"
      intro="Staff accounts sign in with a code from an authenticator app as well as the password."
      onRestart={props.onRestart}
    >
      <Stack gap="md">
        <Text size="sm">
          1. Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or
          1Password).
        </Text>
        <Center>
          <QRCodeSVG
            value={setupUri}
            size={184}
            marginSize={2}
            title="QR code to add CareLoop to your authenticator app"
            role="img"
          />
        </Center>
        <Text size="sm">
          Cannot scan it? Add an account in the app by hand with this setup key:{' '}
          <Code aria-label="Setup key" fz="sm">
            {groupSecret(secret)}
          </Code>
        </Text>
        <Text size="sm">2. Enter the 6-digit code the app shows for CareLoop.</Text>
        <CodeForm label="Confirm your authenticator app" submitLabel="Verify and Sign In" {...props} />
      </Stack>
    </ChallengeLayout>
  );
}

function TotpCodeForm(props: FormProps) {
  return (
    <ChallengeLayout
      title="Two-factor sign-in"
      intro="Enter the 6-digit code your authenticator app shows for CareLoop."
      onRestart={props.onRestart}
    >
      <CodeForm label="Two-factor sign-in" submitLabel="Verify" {...props} />
    </ChallengeLayout>
  );
}
