import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { createEntities } from '../../lambdas/platform/dynamodb/entities';
import type { Role } from '../../shared/roles';
import type { StackInfo } from './spawn-stack';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../lambdas/local/demo-data';

export { DEMO_PASSWORD };
export const DEMO = DEMO_ACCOUNTS;

const cognito = (stack: StackInfo) =>
  new CognitoIdentityProviderClient({
    endpoint: stack.cognitoUrl,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/**
 * Signs in through the same USER_PASSWORD_AUTH flow as the web app; returns the ID token. An account
 * an operator created has a temporary password (`invitedPassword`): the first sign-in answers
 * NEW_PASSWORD_REQUIRED with `newPassword`.
 */
export async function signIn(
  stack: StackInfo,
  email: string,
  password = DEMO_PASSWORD,
  newPassword = password,
): Promise<string> {
  const client = cognito(stack);
  let out = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (out.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
    out = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: stack.userPoolClientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: out.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: newPassword },
      }),
    );
  }
  const token = out.AuthenticationResult?.IdToken;
  if (!token) throw new Error(`no ID token for ${email}`);
  return token;
}

/**
 * The temporary password of an account an operator created, read from the invitation Cognito
 * e-mailed (local mode: the outbox, newest first), as its owner would read it.
 */
export async function invitedPassword(stack: StackInfo, email: string): Promise<string> {
  const { messages } = (await (await fetch(`${stack.apiUrl}/local/outbox`)).json()) as {
    messages: { to: string; subject: string; body: string }[];
  };
  const invitation = messages.find((m) => m.to === email && m.subject === 'Your temporary password');
  const password = /temporary password is (\S+)\.$/.exec(invitation?.body ?? '')?.[1];
  if (!password) throw new Error(`no invitation for ${email} in the outbox`);
  return password;
}

/** First sign-in of an invited account with its temporary password; it chooses `newPassword` (the demo one). */
export async function acceptInvitation(stack: StackInfo, email: string, newPassword = DEMO_PASSWORD): Promise<string> {
  return signIn(stack, email, await invitedPassword(stack, email), newPassword);
}

/** A Cognito account with the given group (or none) and organization, signed in. */
export async function tokenFor(stack: StackInfo, role: Role | null, providerId: string | null = null): Promise<string> {
  const email = `test-${randomUUID().slice(0, 8)}@example.test`;
  const client = cognito(stack);
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: stack.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        ...(providerId ? [{ Name: 'custom:provider_id', Value: providerId }] : []),
      ],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: stack.userPoolId,
      Username: email,
      Password: DEMO_PASSWORD,
      Permanent: true,
    }),
  );
  if (role) {
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: stack.userPoolId, Username: email, GroupName: role }),
    );
    // The API serves a role's token only while an active profile matches it (revocation), so the
    // account gets one, written as is (the totals are left alone: other tests compare them).
    const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? '';
    await writeProfile(stack, { id: sub, email, role, providerId });
  }
  return signIn(stack, email);
}

async function writeProfile(
  stack: StackInfo,
  profile: { id: string; email: string; role: Role; providerId: string | null },
): Promise<void> {
  const db = createEntities(
    new DynamoDBClient({
      endpoint: stack.dynamoEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    stack.tableName,
  );
  const now = new Date().toISOString();
  await db.entities.userProfile
    .create({
      user_id: profile.id,
      email: profile.email,
      first_name: 'Test',
      last_name: 'Account',
      role: profile.role,
      org_key: profile.role === 'careloop_employee' ? 'none' : (profile.providerId ?? 'none'),
      status: 'active',
      created_at: now,
      updated_at: now,
    })
    .go();
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

export async function call<T = Record<string, unknown>>(
  stack: StackInfo,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string } = {},
): Promise<ApiAnswer<T>> {
  const res = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: {
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      'Content-Type': 'application/json',
    },
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  // A CSV export answers text; everything else JSON.
  const json = (res.headers.get('content-type') ?? 'application/json').includes('json');
  return { status: res.status, body: (text ? (json ? JSON.parse(text) : text) : null) as T };
}
