export const ROLES = ['careloop_employee', 'provider', 'patient'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  careloop_employee: 'CareLoop Employee',
  provider: 'Provider User',
  patient: 'Patient',
};

export const ROLE_HELP: Record<Role, string> = {
  careloop_employee: 'Admin access to the system',
  provider: 'Works for a healthcare provider organization',
  patient: 'Patient of a healthcare provider',
};

/**
 * Provider users' care roles (product-rules.md "Care management (CCM)"): their time counts as the
 * billing practitioner's, as clinical staff time, or toward no code.
 */
export const CARE_ROLES = ['billing_practitioner', 'clinical_staff', 'non_clinical'] as const;
export type CareRole = (typeof CARE_ROLES)[number];
/** A provider user stored before care roles were kept counts as clinical staff. */
export const DEFAULT_CARE_ROLE: CareRole = 'clinical_staff';
export const CARE_ROLE_LABELS: Record<CareRole, string> = {
  billing_practitioner: 'Billing practitioner',
  clinical_staff: 'Clinical staff',
  non_clinical: 'Non-clinical staff',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Home screen of a signed-in user: /admin for employees, /provider for every other role. */
export function homePathFor(role: Role | null): '/admin' | '/provider' {
  return role === 'careloop_employee' ? '/admin' : '/provider';
}
