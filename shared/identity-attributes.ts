/**
 * What the web app's Cognito client may write and read: one source for the CDK app client and the
 * local compatibility proxy, which refuses what AWS would refuse (ARCHITECTURE "Fidelity").
 * Administrator calls (AdminCreateUser and the like, signed with IAM) are not limited by it.
 */

/** The organization of a provider user: the tenant boundary, set only by the admin APIs. */
export const ORGANIZATION_ATTRIBUTE = 'custom:provider_id';

/**
 * Standard attributes the client may write: the e-mail (the username) and the person's names,
 * which self sign-up gives and the post-confirmation trigger copies into the pending profile.
 */
export const CLIENT_WRITABLE_ATTRIBUTES = ['email', 'given_name', 'family_name'] as const;

/** Everything the client may read: what it writes, whether the e-mail is verified, and the organization. */
export const CLIENT_READABLE_ATTRIBUTES = [
  ...CLIENT_WRITABLE_ATTRIBUTES,
  'email_verified',
  ORGANIZATION_ATTRIBUTE,
] as const;

export type ClientWritableAttribute = (typeof CLIENT_WRITABLE_ATTRIBUTES)[number];
export type ClientReadableAttribute = (typeof CLIENT_READABLE_ATTRIBUTES)[number];

/** Cognito's answer when a client call writes an attribute its app client may not. */
export const UNAUTHORIZED_ATTRIBUTE_MESSAGE = 'A client attempted to write unauthorized attribute';

/** The first attribute name among `names` the client may not write (any `custom:*` included), or null. */
export function unauthorizedClientWrite(names: readonly string[]): string | null {
  const writable: readonly string[] = CLIENT_WRITABLE_ATTRIBUTES;
  return names.find((name) => name.startsWith('custom:') || !writable.includes(name)) ?? null;
}
