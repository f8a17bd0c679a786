import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import type { Role } from '../../shared/roles';
import type { StackInfo } from './spawn-stack';

export const DEMO_PASSWORD = 'CareLoop-demo-2026';
export const DEMO = {
  operator: 'admin@careloop.health',
  sunrise: 'nurse@sunrise.example',
  lakeside: 'nurse@lakeside.example',
} as const;

const cognito = (stack: StackInfo) =>
  new CognitoIdentityProviderClient({
    endpoint: stack.cognitoUrl,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/** Signs in through the same USER_PASSWORD_AUTH flow as the web app; returns the ID token. */
export async function signIn(stack: StackInfo, email: string, password = DEMO_PASSWORD): Promise<string> {
  const out = await cognito(stack).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const token = out.AuthenticationResult?.IdToken;
  if (!token) throw new Error(`no ID token for ${email}`);
  return token;
}

/** A Cognito account with the given group (or none) and organization, signed in. */
export async function tokenFor(stack: StackInfo, role: Role | null, providerId: string | null = null): Promise<string> {
  const email = `test-${randomUUID().slice(0, 8)}@example.test`;
  const client = cognito(stack);
  await client.send(
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
  if (role)
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: stack.userPoolId, Username: email, GroupName: role }),
    );
  return signIn(stack, email);
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
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
