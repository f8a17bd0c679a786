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

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Home screen of a signed-in user: /admin for employees, /provider for every other role. */
export function homePathFor(role: Role | null): '/admin' | '/provider' {
  return role === 'careloop_employee' ? '/admin' : '/provider';
}
