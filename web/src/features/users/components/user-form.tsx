import { Checkbox, Fieldset, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { CARE_ROLES, ROLE_HELP, ROLE_LABELS, isRole } from '../../../../../shared/roles';
import { NOTIFICATION_CHANNELS } from '../../../../../shared/values/notifications';
import type { ProviderRef, UserProfile } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { failureText } from '../../../lib/failure-text';
import { NameFields } from '../../../components/forms/name-fields';
import { useSaveUser, type UserScope } from '../api/save-user';
import {
  CARE_ROLE_OPTIONS,
  CHANNEL_LABELS,
  NOTIFICATION_TOPICS,
  ROLE_OPTIONS,
  emptyUserForm,
  needsOrganization,
  toUserPayload,
  userToFormValues,
  validateUserForm,
  withChannels,
  withPhone,
  withRole,
  type UserFormValues,
} from './user-form.utils';
import { isPending } from './users.utils';
import { FormActions } from '../../../components/forms/form-actions';

/** The operator never knows a working password: Cognito's invitation carries a temporary one. */
const INVITATION_HINT =
  'CareLoop e-mails a temporary password to this address; the user chooses their own at first sign-in.';

export interface UserFormProps {
  /** The user to edit; without it the form creates one. */
  user?: UserProfile;
  /** Organizations to choose from (the Provider select). */
  organizations?: ProviderRef[];
  organizationsLoading?: boolean;
  /** What the operator typed to find a provider: the page asks the server for organizations matching it. */
  organizationSearch?: string;
  onOrganizationSearch?: (search: string) => void;
  /** On an organization's page: the user is a provider user of this organization, fixed. */
  lockedOrganization?: ProviderRef;
  scope?: UserScope;
  /** The signed-in operator: editing oneself keeps one's role (the server refuses a change). */
  currentUserId?: string;
  onSaved: (user: UserProfile) => void;
  onCancel?: () => void;
}

function organizationOptions(
  organizations: ProviderRef[],
  kept: readonly (ProviderRef | null | undefined)[],
  loading: boolean,
) {
  // The user's organization and the one chosen stay choosable whatever the search shows.
  const list = [...organizations];
  for (const p of kept) if (p && !list.some((o) => o.id === p.id)) list.push(p);
  const byName = [...list].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  return [
    { value: '', label: loading ? 'Loading providers...' : 'Select a provider' },
    ...byName.map((provider) => ({ value: provider.id, label: provider.name })),
  ];
}

/** The add/edit user form of product-rules.md "Validation" (admin), also used for an organization's provider users. */
export function UserForm({
  user,
  organizations = [],
  organizationsLoading = false,
  organizationSearch,
  onOrganizationSearch,
  lockedOrganization,
  scope = 'users',
  currentUserId,
  onSaved,
  onCancel,
}: UserFormProps) {
  const mode = user ? 'edit' : 'create';
  // Every organization the search has shown, so that the one chosen keeps its name when a new search hides it.
  const [seen] = useState(() => new Map<string, ProviderRef>());
  for (const organization of organizations) seen.set(organization.id, organization);
  const save = useSaveUser(scope);
  const [values, setValues] = useState<UserFormValues>(() => {
    if (user) return userToFormValues(user);
    return lockedOrganization
      ? emptyUserForm({ role: 'provider', provider_id: lockedOrganization.id })
      : emptyUserForm();
  });
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof UserFormValues>(field: K, value: UserFormValues[K]) =>
    setValues((prev) => ({ ...prev, [field]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateUserForm(values, mode);
    setError(invalid);
    if (invalid) return;
    save.mutate(
      { userId: user?.id, body: toUserPayload(values) },
      {
        onSuccess: ({ user: saved }) => onSaved(saved),
        onError: (caught) => setError(failureText(caught, FALLBACK_ERRORS.saveUser)),
      },
    );
  };

  const isProviderUser = values.role === 'provider';
  const editingSelf = Boolean(user && currentUserId && user.id === currentUserId);
  const noun = scope === 'provider-users' ? 'Provider User' : 'User';
  // A pending account (self sign-up) is enabled by saving it with a role.
  const enabling = Boolean(user && isPending(user));
  const verb = user ? (enabling ? 'Enable' : 'Edit') : 'Add';

  return (
    <form noValidate onSubmit={onSubmit} aria-label={`${verb} ${noun.toLowerCase()}`}>
      <Stack gap="md">
        {error && <ErrorAlert message={error} />}
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          required
          withAsterisk={false}
          description={mode === 'create' ? INVITATION_HINT : undefined}
          value={values.email}
          onChange={(event) => set('email', event.currentTarget.value)}
        />
        <NameFields values={values} onChange={set} />
        <TextInput
          label="Phone Number"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+15551234567"
          description="Optional. US number; +1 is added for you."
          value={values.phone_number}
          onChange={(event) => {
            const input = event.currentTarget.value;
            setValues((prev) => withPhone(prev, input));
          }}
        />
        {lockedOrganization ? (
          <Text size="sm" c="dimmed">
            {ROLE_LABELS.provider} of {lockedOrganization.name}
          </Text>
        ) : (
          <>
            <NativeSelect
              label="Role"
              required
              withAsterisk={false}
              data={ROLE_OPTIONS}
              value={values.role}
              disabled={editingSelf}
              description={editingSelf ? 'You cannot change your own role' : ROLE_HELP[values.role]}
              onChange={(event) => {
                const role = event.currentTarget.value;
                if (isRole(role)) setValues((prev) => withRole(prev, role));
              }}
            />
            {needsOrganization(values.role) && onOrganizationSearch && (
              <TextInput
                label="Find a provider"
                description="Type part of a name: every provider can be found"
                leftSection={<Search size={16} aria-hidden="true" />}
                value={organizationSearch ?? ''}
                onChange={(event) => onOrganizationSearch(event.currentTarget.value)}
              />
            )}
            {needsOrganization(values.role) && (
              <NativeSelect
                label="Provider"
                required
                withAsterisk={false}
                disabled={organizationsLoading}
                data={organizationOptions(
                  organizations,
                  [user?.provider, seen.get(values.provider_id)],
                  organizationsLoading,
                )}
                value={values.provider_id}
                onChange={(event) => set('provider_id', event.currentTarget.value)}
              />
            )}
          </>
        )}
        {isProviderUser && (
          <NativeSelect
            label="Care role"
            description="Whose time counts toward which care management code"
            data={CARE_ROLE_OPTIONS}
            value={values.care_role}
            onChange={(event) => {
              const careRole = CARE_ROLES.find((r) => r === event.currentTarget.value);
              if (careRole) set('care_role', careRole);
            }}
          />
        )}
        {isProviderUser && (
          <TextInput
            label="NPI"
            description="National Provider Identifier, 10 digits: the billing or rendering NPI on claims"
            inputMode="numeric"
            maxLength={12}
            value={values.npi}
            onChange={(event) => set('npi', event.currentTarget.value)}
          />
        )}
        {isProviderUser && (
          <Fieldset legend="Notification Preferences" variant="filled">
            <Stack gap="sm">
              {NOTIFICATION_TOPICS.map((topic) => (
                <Checkbox.Group
                  key={topic.key}
                  label={topic.label}
                  value={values.notification_preferences[topic.key]}
                  onChange={(chosen) =>
                    setValues((prev) => ({
                      ...prev,
                      notification_preferences: withChannels(prev.notification_preferences, topic.key, chosen),
                    }))
                  }
                >
                  <Group gap="lg" mt={6}>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <Checkbox key={channel} value={channel} label={CHANNEL_LABELS[channel]} />
                    ))}
                  </Group>
                </Checkbox.Group>
              ))}
            </Stack>
          </Fieldset>
        )}
        <FormActions
          submitLabel={user ? (enabling ? `Enable ${noun}` : 'Save Changes') : `Add ${noun}`}
          pending={save.isPending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
