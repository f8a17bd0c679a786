import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { paths } from '../../../config/paths';
import { useAuthClient } from '../../../lib/services';
import { validateSignUp, type SignUpValues } from './signup-form.utils';

export interface SignUpFormProps {
  onSignedUp: (email: string) => void;
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message.trim() ? error.message : FALLBACK_ERRORS.createAccount;
}

/** A password field with a keyboard-reachable show/hide toggle. */
function RevealablePasswordInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      label={label}
      autoComplete="new-password"
      required
      withAsterisk={false}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{
        'aria-label': `${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`,
      }}
    />
  );
}

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const auth = useAuthClient();
  const [values, setValues] = useState<SignUpValues>({ fullName: '', email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof SignUpValues) => (value: string) => setValues((prev) => ({ ...prev, [field]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateSignUp(values);
    setError(invalid);
    if (invalid) return;

    setBusy(true);
    const email = values.email.trim();
    try {
      await auth.signUp({ fullName: values.fullName.trim(), email, password: values.password });
      onSignedUp(email);
    } catch (caught) {
      setError(errorText(caught));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Create your account">
      <Stack gap="md">
        {error && <ErrorAlert message={error} />}
        <TextInput
          label="Full Name"
          name="name"
          autoComplete="name"
          required
          withAsterisk={false}
          value={values.fullName}
          onChange={(event) => set('fullName')(event.currentTarget.value)}
        />
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          withAsterisk={false}
          value={values.email}
          onChange={(event) => set('email')(event.currentTarget.value)}
        />
        <RevealablePasswordInput label="Password" value={values.password} onChange={set('password')} />
        <RevealablePasswordInput
          label="Confirm Password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
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
        <Button type="submit" fullWidth disabled={busy}>
          {busy ? 'Creating account...' : 'Create Account'}
        </Button>
      </Stack>
    </form>
  );
}
