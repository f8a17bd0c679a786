import {
  CARE_ROLES,
  CARE_ROLE_LABELS,
  DEFAULT_CARE_ROLE,
  type CareRole,
  ROLES,
  ROLE_LABELS,
  type Role,
} from '../../../../../shared/roles';
import {
  DEFAULT_PROVIDER_NOTIFICATIONS,
  type NotificationPreferences,
  type UserProfile,
} from '../../../../../shared/domain';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '../../../../../shared/values/notifications';
import { normalizeUsPhoneInput } from '../../../../../shared/phone';
import { createUserSchema, updateUserSchema } from '../../../../../shared/validation';
import type { UserPayload } from '../api/save-user';

export type UserFormMode = 'create' | 'edit';

export interface UserFormValues {
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  role: Role;
  provider_id: string;
  notification_preferences: NotificationPreferences;
  /** Provider users: whose minutes count toward which CCM code (product-rules.md "Care management (CCM)"). */
  care_role: CareRole;
  /** Provider users: the National Provider Identifier claims carry (blank: none). */
  npi: string;
}

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
export const CARE_ROLE_OPTIONS = CARE_ROLES.map((role) => ({ value: role, label: CARE_ROLE_LABELS[role] }));

/** 'E-mail' keeps these boxes apart from the form's Email field for anyone finding fields by label. */
export const CHANNEL_LABELS: Record<NotificationChannel, string> = { email: 'E-mail', sms: 'SMS', call: 'Phone call' };

export const NOTIFICATION_TOPICS = [
  { key: 'new_summaries', label: 'New summaries' },
  { key: 'escalations', label: 'Escalations' },
] as const satisfies readonly { key: keyof NotificationPreferences; label: string }[];

/** Roles that belong to a provider organization: they must name one (product-rules.md "Validation"). */
export const needsOrganization = (role: Role) => role !== 'careloop_employee';

export function emptyUserForm(defaults: Partial<Pick<UserFormValues, 'role' | 'provider_id'>> = {}): UserFormValues {
  return {
    email: '',
    first_name: '',
    last_name: '',
    phone_number: '',
    role: defaults.role ?? 'provider',
    provider_id: defaults.provider_id ?? '',
    notification_preferences: DEFAULT_PROVIDER_NOTIFICATIONS,
    care_role: DEFAULT_CARE_ROLE,
    npi: '',
  };
}

export function userToFormValues(user: UserProfile): UserFormValues {
  return {
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    phone_number: user.phone_number ?? '',
    role: user.role ?? 'provider',
    provider_id: user.provider_id ?? user.provider?.id ?? '',
    notification_preferences: {
      new_summaries: [...(user.notification_preferences?.new_summaries ?? [])],
      escalations: [...(user.notification_preferences?.escalations ?? [])],
    },
    care_role: user.care_role ?? DEFAULT_CARE_ROLE,
    npi: user.npi ?? '',
  };
}

/** Choosing CareLoop Employee clears the provider organization. */
export function withRole(values: UserFormValues, role: Role): UserFormValues {
  return { ...values, role, provider_id: needsOrganization(role) ? values.provider_id : '' };
}

/** As the person types: non-digits stripped, +1 prefixed, at most 11 digits after the plus. */
export function withPhone(values: UserFormValues, input: string): UserFormValues {
  return { ...values, phone_number: normalizeUsPhoneInput(input) };
}

/** The channels chosen for one topic, kept in the canonical order (email, sms, call). */
export function withChannels(
  preferences: NotificationPreferences,
  topic: keyof NotificationPreferences,
  chosen: readonly string[],
): NotificationPreferences {
  return { ...preferences, [topic]: NOTIFICATION_CHANNELS.filter((channel) => chosen.includes(channel)) };
}

/**
 * The request body (product-rules.md "Validation"): fields trimmed, never a password (Cognito's invitation gives it); an empty phone left
 * out (spec §5; an edit without one clears it); `provider_id` only for provider and patient users;
 * notification preferences and the care role only for provider users.
 */
export function toUserPayload(values: UserFormValues): UserPayload {
  const phone = values.phone_number.trim();
  const body: UserPayload = {
    email: values.email.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    role: values.role,
  };
  if (phone) body.phone_number = phone;
  if (needsOrganization(values.role)) body.provider_id = values.provider_id;
  if (values.role === 'provider') {
    body.notification_preferences = values.notification_preferences;
    body.care_role = values.care_role;
    // Blank clears it: the API keeps an NPI only when the body leaves the field out.
    body.npi = values.npi.trim() || null;
  }
  return body;
}

/** Messages are reported in the order the fields appear on the form. */
const FIELD_ORDER = ['email', 'first_name', 'last_name', 'phone_number', 'role', 'provider_id', 'npi'];

/** The first message of product-rules.md "Validation" that the values break (by the schemas the API uses), or null. */
export function validateUserForm(values: UserFormValues, mode: UserFormMode): string | null {
  const schema = mode === 'create' ? createUserSchema : updateUserSchema;
  const result = schema.safeParse(toUserPayload(values));
  if (result.success) return null;
  const position = (path: readonly PropertyKey[]) => {
    const index = FIELD_ORDER.indexOf(String(path[0]));
    return index === -1 ? FIELD_ORDER.length : index;
  };
  const [first] = [...result.error.issues].sort((a, b) => position(a.path) - position(b.path));
  return first?.message ?? 'Invalid input';
}
