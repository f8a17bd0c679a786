import { DEFAULT_TIMEZONE, type ProviderOrganization } from '../../../../../shared/domain';
import { firstError, providerFormSchema, type ProviderFormInput } from '../../../../../shared/validation';

export interface OrganizationFormValues {
  name: string;
  address: string;
  telephone: string;
  office_email: string;
  timezone: string;
  /** Blank: the default (the larger of 50 and the active patients). */
  daily_call_limit: string;
  daily_text_limit: string;
  /** The practice's texting number or Messaging Service SID. */
  sms_sender: string;
  /** The practice's group (type 2) NPI; blank: none. */
  group_npi: string;
}

/** The practice's local time zone: outreach calls are placed at the start hour there. */
export const TIMEZONE_OPTIONS: readonly { value: string; label: string }[] = [
  { value: 'America/New_York', label: 'Eastern (New York)' },
  { value: 'America/Chicago', label: 'Central (Chicago)' },
  { value: 'America/Denver', label: 'Mountain (Denver)' },
  { value: 'America/Phoenix', label: 'Mountain, no DST (Phoenix)' },
  { value: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
  { value: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { value: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { value: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
];

/** The listed zones, plus the organization's own zone if it is not one of them. */
export function timezoneOptions(current: string): { value: string; label: string }[] {
  return TIMEZONE_OPTIONS.some((option) => option.value === current) || !current
    ? [...TIMEZONE_OPTIONS]
    : [...TIMEZONE_OPTIONS, { value: current, label: current }];
}

export const EMPTY_ORGANIZATION_FORM: OrganizationFormValues = {
  name: '',
  address: '',
  telephone: '',
  office_email: '',
  timezone: DEFAULT_TIMEZONE,
  daily_call_limit: '',
  daily_text_limit: '',
  sms_sender: '',
  group_npi: '',
};

export function organizationToFormValues(organization: ProviderOrganization): OrganizationFormValues {
  return {
    name: organization.name,
    address: organization.address ?? '',
    telephone: organization.telephone ?? '',
    office_email: organization.office_email ?? '',
    timezone: organization.timezone || DEFAULT_TIMEZONE,
    daily_call_limit: organization.daily_call_limit === null ? '' : String(organization.daily_call_limit),
    daily_text_limit: organization.daily_text_limit === null ? '' : String(organization.daily_text_limit),
    sms_sender: organization.sms_sender ?? '',
    group_npi: organization.group_npi ?? '',
  };
}

/**
 * The request body (product-rules.md "Validation"): every value trimmed; on create empty optional values are left out,
 * on update they are sent as null so the stored value is cleared (a blank daily limit: back to the default). An
 * update carries `version`.
 */
export function toOrganizationPayload(values: OrganizationFormValues, version?: number): ProviderFormInput {
  const optional = (value: string) => {
    const trimmed = value.trim();
    if (trimmed) return trimmed;
    return version === undefined ? undefined : null;
  };
  // A limit the schema refuses (not a whole number) stays a number for it to name: NaN.
  const limit = (value: string) => {
    const given = optional(value);
    return typeof given === 'string' ? Number(given) : given;
  };
  const body: ProviderFormInput = {
    name: values.name.trim(),
    address: optional(values.address),
    telephone: optional(values.telephone),
    office_email: optional(values.office_email),
    timezone: values.timezone || DEFAULT_TIMEZONE,
    daily_call_limit: limit(values.daily_call_limit),
    daily_text_limit: limit(values.daily_text_limit),
    sms_sender: optional(values.sms_sender),
    group_npi: optional(values.group_npi),
  };
  if (version !== undefined) body.version = version;
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as ProviderFormInput;
}

/** The first message of product-rules.md "Validation" that the values break, or null. */
export function validateOrganizationForm(values: OrganizationFormValues): string | null {
  return firstError(providerFormSchema, toOrganizationPayload(values));
}
