import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { CircleCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import type { PendingSignInStep } from '../../../lib/sign-in-step';
import { useSignIn } from '../../../lib/session';
import { useHydrated } from '../../../lib/use-hydrated';
import { signInErrorMessage, validateLogin, type LoginFieldErrors } from './login-form.utils';

export interface LoginFormProps {
  /** Success notice handed over by the sign-up screen. */
  notice?: string;
  initialEmail?: string;
  /** The password was right, and the sign-in needs a new password or an authenticator code. */
  onChallenge: (step: PendingSignInStep, email: string) => void;
}

/** On success the session changes and the sign-in route redirects; the form does not navigate. */
export function LoginForm({ notice, initialEmail = '', onChallenge }: LoginFormProps) {
  const signIn = useSignIn();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validateLogin({ email, password });
    setFieldErrors(errors);
    setError(null);
    if (Object.keys(errors).length > 0) return;

    setBusy(true);
    try {
      const step = await signIn(email.trim(), password);
      if (step.step !== 'done') onChallenge(step, email.trim());
    } catch (caught) {
      setError(signInErrorMessage(caught));
      setBusy(false);
    }
  };

  // The page is prerendered: until it is hydrated, what is typed would not reach the form's state
  // and the form cannot be sent (if it were, a GET would put the password in a URL).
  return (
    <form method="post" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Sign in">
      <Stack gap="md">
        {notice && !error && (
          <Alert color="green" icon={<CircleCheck size={18} aria-hidden="true" />} role="status">
            {notice}
          </Alert>
        )}
        {error && <ErrorAlert message={error} />}
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          required
          withAsterisk={false}
          readOnly={!hydrated}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldErrors.email}
        />
        <TextInput
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          readOnly={!hydrated}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldErrors.password}
        />
        <Button type="submit" fullWidth disabled={busy || !hydrated}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </Stack>
    </form>
  );
}
