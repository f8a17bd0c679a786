/**
 * The one password rule (product-rules.md "Accounts and sign-in"): the CDK user pool, the local
 * identity stand-in and every form that sets a password read it from here.
 */
export const PASSWORD_POLICY = {
  minLength: 12,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

/** What every form and the API say when a password breaks the rule. */
export const PASSWORD_POLICY_MESSAGE =
  'Password must be at least 12 characters and include upper- and lower-case letters, a number and a symbol';

/** The rule as the forms show it beside a password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_POLICY.minLength} characters, with upper- and lower-case letters, a number and a symbol.`;

/**
 * The characters Cognito counts as symbols. A letter such as 'é' or a sign such as '€' is not one:
 * counting it would let a form accept a password the user pool then refuses.
 */
const SYMBOLS = new Set('^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-');

/** Cognito also counts a space as a symbol, unless it leads or trails the password. */
function hasSymbol(password: string): boolean {
  return [...password].some((c) => SYMBOLS.has(c)) || password.trim().includes(' ');
}

/** Cognito's own wording for the first rule a password breaks, or null when it conforms. */
export function passwordPolicyViolation(password: string): string | null {
  const problem =
    password.length < PASSWORD_POLICY.minLength
      ? 'Password not long enough'
      : PASSWORD_POLICY.requireUppercase && !/[A-Z]/.test(password)
        ? 'Password must have uppercase characters'
        : PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(password)
          ? 'Password must have lowercase characters'
          : PASSWORD_POLICY.requireDigits && !/[0-9]/.test(password)
            ? 'Password must have numeric characters'
            : PASSWORD_POLICY.requireSymbols && !hasSymbol(password)
              ? 'Password must have symbol characters'
              : null;
  return problem ? `Password did not conform with policy: ${problem}` : null;
}

export const isStrongPassword = (password: string): boolean => passwordPolicyViolation(password) === null;
