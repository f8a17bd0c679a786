/**
 * The user pool's password policy: one source for the CDK user pool, the local identity stand-in
 * and the messages people see. Stricter than the spec's 6-character form check (HIPAA, cdk-nag COG1):
 * the forms keep the spec's message for short passwords, and the server answers with this one.
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

export const PASSWORD_POLICY_MESSAGE =
  'Password must be at least 8 characters and include an uppercase letter, a lowercase letter, a number and a symbol';

/** Cognito's own wording for the first rule a password breaks, or null when it conforms. */
export function passwordPolicyViolation(password: string): string | null {
  const problem =
    password.length < PASSWORD_POLICY.minLength
      ? 'Password not long enough'
      : PASSWORD_POLICY.requireUppercase && !/[A-Z]/.test(password)
        ? 'Password must have uppercase characters'
        : PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(password)
          ? 'Password must have lowercase characters'
          : PASSWORD_POLICY.requireDigits && !/\d/.test(password)
            ? 'Password must have numeric characters'
            : PASSWORD_POLICY.requireSymbols && !/[^A-Za-z0-9\s]/.test(password)
              ? 'Password must have symbol characters'
              : null;
  return problem ? `Password did not conform with policy: ${problem}` : null;
}
