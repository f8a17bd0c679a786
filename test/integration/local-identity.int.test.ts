import {
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD_POLICY_MESSAGE } from '../../shared/password-policy';
import { DEMO, DEMO_PASSWORD, call, signIn } from '../support/api';

const stack = inject('stack');
const client = new CognitoIdentityProviderClient({
  endpoint: stack.cognitoUrl,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});

const decode = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('local identity (cognito-local behind the compatibility proxy)', () => {
  it('issues ID tokens valid 15 minutes with the group and organization claims', async () => {
    const out = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.userPoolClientId,
        AuthParameters: { USERNAME: DEMO.sunrise, PASSWORD: DEMO_PASSWORD },
      }),
    );
    const claims = decode(out.AuthenticationResult?.IdToken ?? '');
    expect(claims['cognito:groups']).toEqual(['provider']);
    expect(typeof claims['custom:provider_id']).toBe('string');
    expect(Number(claims.exp) - Number(claims.iat)).toBeLessThanOrEqual(15 * 60);
    expect(decode(out.AuthenticationResult?.AccessToken ?? '').exp).toBeDefined();
  });

  it('refuses a wrong password and an unknown user alike, as Cognito does', async () => {
    for (const [username, password] of [
      [DEMO.operator, 'wrong-password'],
      ['nobody@example.test', DEMO_PASSWORD],
    ] as const) {
      await expect(
        client.send(
          new InitiateAuthCommand({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: stack.userPoolClientId,
            AuthParameters: { USERNAME: username, PASSWORD: password },
          }),
        ),
      ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    }
  });

  it('answers GetTokensFromRefreshToken (Amplify refresh) with tokens the API accepts, and GlobalSignOut', async () => {
    const signedIn = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.userPoolClientId,
        AuthParameters: { USERNAME: DEMO.operator, PASSWORD: DEMO_PASSWORD },
      }),
    );
    const refreshed = await client.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: stack.userPoolClientId,
        RefreshToken: signedIn.AuthenticationResult?.RefreshToken,
      }),
    );
    const idToken = refreshed.AuthenticationResult?.IdToken ?? '';
    expect(decode(idToken).email).toBe(DEMO.operator);
    const me = await call(stack, 'GET', '/me', { token: idToken });
    expect(me.status).toBe(200);

    await expect(
      client.send(new GlobalSignOutCommand({ AccessToken: signedIn.AuthenticationResult?.AccessToken })),
    ).resolves.toBeDefined();
  });

  it('refuses a forged refresh token', async () => {
    await expect(
      client.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: stack.userPoolClientId, RefreshToken: 'not-a-token' }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it("enforces the user pool's password policy as Cognito does, on sign-up and on accounts operators create", async () => {
    await expect(
      client.send(
        new SignUpCommand({ ClientId: stack.userPoolClientId, Username: 'weak@example.test', Password: 'secret1' }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    const created = await call(stack, 'POST', '/users', {
      token: await signIn(stack, DEMO.operator),
      body: {
        email: 'weak-user@example.test',
        password: 'abcdef',
        first_name: 'W',
        last_name: 'P',
        role: 'careloop_employee',
      },
    });
    expect(created).toEqual({ status: 400, body: { error: PASSWORD_POLICY_MESSAGE, code: 'user.password_policy' } });
  });
});
