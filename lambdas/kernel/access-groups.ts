/** Who may call a staff route, by Cognito group (shared/roles.ts): the spec modules' access lists. */
export const EMPLOYEE = ['careloop_employee'] as const;
export const STAFF = ['careloop_employee', 'provider'] as const;
export const PROVIDER = ['provider'] as const;
