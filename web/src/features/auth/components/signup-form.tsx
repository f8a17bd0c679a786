import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import { PASSWORD_HINT } from '../../../../../shared/password-policy';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { paths } from '../../../config/paths';
import { useAuthClient } from '../../../lib/services';
import { useHydrated } from '../../../lib/use-hydrated';
import { RevealablePasswordInput } from './revealable-password-input';
import { validateSignUp, type SignUpValues } from './signup-form.utils';

export interface SignUpFormProps {
  onSignedUp: (email: string) => void;
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message.trim() ? error.message : FALLBACK_ERRORS.createAccount;
}

const EMPTY: SignUpValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const auth = useAuthClient();
  const [values, setValues] = useState<SignUpValues>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const set = (field: keyof SignUpValues) => (value: string) => setValues((prev) => ({ ...prev, [field]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateSignUp(values);
    setError(invalid);
    if (invalid) return;

    setBusy(true);
    const email = values.email.trim();
    try {
      await auth.signUp({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email,
        password: values.password,
      });
      onSignedUp(email);
    } catch (caught) {
      setError(errorText(caught));
      setBusy(false);
    }
  };

  // The page is prerendered: until it is hydrated, what is typed would not reach the form's state
  // and the form cannot be sent (if it were, a GET would put the password in a URL).
  return (
    <form method="post" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Create your account">
      <Stack gap="md">
        {error && <ErrorAlert message={error} />}
        <TextInput
          label="First Name"
          name="given-name"
          autoComplete="given-name"
          required
          withAsterisk={false}
          readOnly={!hydrated}
          value={values.firstName}
          onChange={(event) => set('firstName')(event.currentTarget.value)}
        />
        <TextInput
          label="Last Name"
          name="family-name"
          autoComplete="family-name"
          required
          withAsterisk={false}
          readOnly={!hydrated}
          value={values.lastName}
          onChange={(event) => set('lastName')(event.currentTarget.value)}
        />
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          withAsterisk={false}
          readOnly={!hydrated}
          value={values.email}
          onChange={(event) => set('email')(event.currentTarget.value)}
        />
        <RevealablePasswordInput
          label="Password"
          description={PASSWORD_HINT}
          value={values.password}
          onChange={set('password')}
          readOnly={!hydrated}
        />
        <RevealablePasswordInput
          label="Confirm Password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          readOnly={!hydrated}
        />
        <Text size="sm" c="dimmed">
          By creating an account you agree to our{' '}
          <Anchor component={Link} to={paths.terms.getHref()} inherit>
            Terms of Service
          </Anchor>{' '}
          and{' '}
          <Anchor component={Link} to={paths.privacy.getHref()} inherit>
            Privacy Policy
          </Anchor>
          .
        </Text>
        <Button type="submit" fullWidth disabled={busy || !hydrated}>
          {busy ? 'Creating account...' : 'Create Account'}
        </Button>
      </Stack>
    </form>
  );
}
