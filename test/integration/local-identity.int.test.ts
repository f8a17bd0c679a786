import {
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCognitoLocal, type CognitoLocal, type PostConfirmationEvent } from '../../lambdas/local/cognito-local';
import { DEFAULT_PORTS } from '../../lambdas/local/stack';
import { FileOutbox } from '../../lambdas/local/outbox';
import { passwordPolicyViolation } from '../../shared/password-policy';
import { VALIDATION } from '../../shared/messages';
import { DEMO, DEMO_PASSWORD, call, invitedPassword, signIn } from '../support/api';
import { uniqueEmail } from '../support/fixtures';
import { totpCode } from '../support/totp';

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
    await expect(
      client.send(
        new SignUpCommand({
          ClientId: stack.userPoolClientId,
          Username: 'weak@example.test',
          Password: 'Abcdefghij1é',
        }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have symbol characters',
    });
  });

  it('refuses a new account with a password an operator typed: the invitation gives the temporary one', async () => {
    const created = await call(stack, 'POST', '/users', {
      token: await signIn(stack, DEMO.operator),
      body: {
        email: uniqueEmail('typed'),
        password: 'Abcdefghijk1!',
        first_name: 'W',
        last_name: 'P',
        role: 'careloop_employee',
      },
    });
    expect(created).toEqual({
      status: 400,
      body: { error: VALIDATION.passwordSetByInvitation, code: 'request.invalid.password' },
    });
  });

  it('refuses, as Cognito does, any attribute write the app client may not make', async () => {
    const signUp = (attributes: Record<string, string>) =>
      client.send(
        new SignUpCommand({
          ClientId: stack.userPoolClientId,
          Username: attributes.email,
          Password: DEMO_PASSWORD,
          UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
        }),
      );
    const refused = { name: 'NotAuthorizedException', message: 'A client attempted to write unauthorized attribute' };
    await expect(signUp({ email: uniqueEmail('named'), name: 'Sam Signup' })).rejects.toMatchObject(refused);
    await expect(signUp({ email: uniqueEmail('tenant'), 'custom:provider_id': 'org-1' })).rejects.toMatchObject(
      refused,
    );
    await expect(signUp({ email: uniqueEmail('verified'), email_verified: 'true' })).rejects.toMatchObject(refused);
    const ok = await signUp({ email: uniqueEmail('signup'), given_name: 'Sam', family_name: 'Signup' });
    expect(ok.UserConfirmed).toBe(false);

    const { AuthenticationResult } = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.userPoolClientId,
        AuthParameters: { USERNAME: DEMO.sunrise, PASSWORD: DEMO_PASSWORD },
      }),
    );
    await expect(
      client.send(
        new UpdateUserAttributesCommand({
          AccessToken: AuthenticationResult?.AccessToken,
          UserAttributes: [{ Name: 'custom:provider_id', Value: 'another-organization' }],
        }),
      ),
    ).rejects.toMatchObject(refused);
  });

  it("e-mails an operator's new account Cognito's invitation with a generated temporary password, replaced at first sign-in, and leaves the e-mail unverified", async () => {
    const email = uniqueEmail('first');
    const created = await call<{ user: { id: string } }>(stack, 'POST', '/users', {
      token: await signIn(stack, DEMO.operator),
      body: { email, first_name: 'Fay', last_name: 'First', role: 'careloop_employee' },
    });
    expect(created.status).toBe(201);
    const temporary = await invitedPassword(stack, email);
    expect(passwordPolicyViolation(temporary)).toBeNull();
    expect(temporary).not.toBe(DEMO_PASSWORD);
    const account = await client.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }));
    expect(account.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    expect(account.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value).not.toBe('true');

    const initiate = (password: string) =>
      client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: stack.userPoolClientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
    await expect(initiate('Not-the-temporary-1')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    const challenge = await initiate(temporary);
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(challenge.AuthenticationResult).toBeUndefined();

    const respond = (session: string | undefined, newPassword: string) =>
      client.send(
        new RespondToAuthChallengeCommand({
          ClientId: stack.userPoolClientId,
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session: session,
          ChallengeResponses: { USERNAME: email, NEW_PASSWORD: newPassword },
        }),
      );
    await expect(respond('forged-session', 'Chosen-by-Fay-2026')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(respond(challenge.Session, 'too-weak')).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    const done = await respond(challenge.Session, 'Chosen-by-Fay-2026');
    const me = await call(stack, 'GET', '/me', { token: done.AuthenticationResult?.IdToken });
    expect(me).toMatchObject({ status: 200, body: { id: created.body.user.id, email } });

    await expect(initiate(temporary)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const later = await initiate('Chosen-by-Fay-2026');
    expect(decode(later.AuthenticationResult?.IdToken ?? '').email).toBe(email);
  });
});

describe('local identity with two-factor sign-in and the post-confirmation trigger', () => {
  const shift = Number(process.env.CARELOOP_TEST_PORT_SHIFT ?? 0);
  // Clear of the bench's stacks (cognito 9929 and 9930 plus their shift).
  const port = DEFAULT_PORTS.cognito + 760 + shift;
  const confirmed: PostConfirmationEvent[] = [];
  let failConfirmation = false;
  let dataDir: string;
  let local: CognitoLocal;
  let mfaClient: CognitoIdentityProviderClient;

  const start = () =>
    startCognitoLocal({
      dataDir,
      port,
      apiUrl: 'http://127.0.0.1:1',
      webOrigin: 'http://127.0.0.1:1',
      outbox: new FileOutbox(join(dataDir, 'outbox.json')),
      mfa: true,
      postConfirmation: (event) => {
        confirmed.push(event);
        return failConfirmation ? Promise.reject(new Error('profile store unavailable')) : Promise.resolve();
      },
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'careloop-identity-'));
    local = await start();
    mfaClient = new CognitoIdentityProviderClient({
      endpoint: local.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });
  afterAll(async () => {
    await local?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const initiate = (email: string, password = DEMO_PASSWORD) =>
    mfaClient.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: local.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );

  async function staffAccount(temporary = false): Promise<string> {
    const email = uniqueEmail('staff');
    await mfaClient.send(
      new AdminCreateUserCommand({
        UserPoolId: local.userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: DEMO_PASSWORD,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    if (!temporary) {
      await mfaClient.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: local.userPoolId,
          Username: email,
          Password: DEMO_PASSWORD,
          Permanent: true,
        }),
      );
    }
    return email;
  }

  /** MFA_SETUP as Amplify walks it: associate (secret), verify (code), respond (tokens). */
  async function enrol(email: string, session: string | undefined) {
    const associated = await mfaClient.send(new AssociateSoftwareTokenCommand({ Session: session }));
    const secret = associated.SecretCode ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(
      mfaClient.send(new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: '000000' })),
    ).rejects.toMatchObject({ name: 'EnableSoftwareTokenMFAException' });
    const enrolmentCode = totpCode(secret);
    const verified = await mfaClient.send(
      new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: enrolmentCode }),
    );
    expect(verified.Status).toBe('SUCCESS');
    const signedIn = await mfaClient.send(
      new RespondToAuthChallengeCommand({
        ClientId: local.clientId,
        ChallengeName: 'MFA_SETUP',
        Session: verified.Session,
        ChallengeResponses: { USERNAME: email },
      }),
    );
    return { secret, enrolmentCode, tokens: signedIn.AuthenticationResult };
  }

  it('enrols an authenticator at first sign-in, then asks for its code, with no tokens before it', async () => {
    const email = await staffAccount();
    const first = await initiate(email);
    expect(first).toMatchObject({
      ChallengeName: 'MFA_SETUP',
      ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' },
    });
    expect(first.AuthenticationResult).toBeUndefined();
    await expect(initiate(email, 'Wrong-password-1')).rejects.toMatchObject({
      message: 'Incorrect username or password.',
    });

    const { secret, enrolmentCode, tokens } = await enrol(email, first.Session);
    expect(decode(tokens?.IdToken ?? '').email).toBe(email);
    const refreshed = await mfaClient.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: local.clientId, RefreshToken: tokens?.RefreshToken }),
    );
    expect(decode(refreshed.AuthenticationResult?.IdToken ?? '').email).toBe(email);

    const later = await initiate(email);
    expect(later.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(later.AuthenticationResult).toBeUndefined();
    const answer = (code: string) =>
      mfaClient.send(
        new RespondToAuthChallengeCommand({
          ClientId: local.clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: later.Session,
          ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );
    const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    await expect(answer(wrong)).rejects.toMatchObject({ name: 'CodeMismatchException' });
    // The enrolment code was seen once: it does not work again (the very code, not the current
    // step's, which differs when a 30 s step ended since the enrolment).
    await expect(answer(enrolmentCode)).rejects.toMatchObject({ name: 'CodeMismatchException' });
    const signedIn = await answer(totpCode(secret, Date.now() + 30_000));
    expect(decode(signedIn.AuthenticationResult?.IdToken ?? '').email).toBe(email);
    await expect(answer(totpCode(secret, Date.now() + 30_000))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('asks for a new password first when the password was temporary, then enrols', async () => {
    const email = await staffAccount(true);
    const first = await initiate(email);
    expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const next = await mfaClient.send(
      new RespondToAuthChallengeCommand({
        ClientId: local.clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: first.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Chosen-by-staff-2026' },
      }),
    );
    expect(next.ChallengeName).toBe('MFA_SETUP');
    expect(next.AuthenticationResult).toBeUndefined();
    const { tokens } = await enrol(email, next.Session);
    expect(decode(tokens?.IdToken ?? '').email).toBe(email);
  });

  it('keeps enrolments across a restart', async () => {
    const email = await staffAccount();
    await enrol(email, (await initiate(email)).Session);
    await local.stop();
    local = await start();
    expect((await initiate(email)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  it("calls the post-confirmation trigger with the account's attributes, and fails the confirmation with it", async () => {
    const signUp = async (email: string) => {
      await mfaClient.send(
        new SignUpCommand({
          ClientId: local.clientId,
          Username: email,
          Password: DEMO_PASSWORD,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'given_name', Value: 'Sam' },
            { Name: 'family_name', Value: 'Signup' },
          ],
        }),
      );
      return () => mfaClient.send(new AdminConfirmSignUpCommand({ UserPoolId: local.userPoolId, Username: email }));
    };

    const email = uniqueEmail('confirmed');
    await (
      await signUp(email)
    )();
    const account = await mfaClient.send(new AdminGetUserCommand({ UserPoolId: local.userPoolId, Username: email }));
    const sub = account.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
    expect(confirmed.at(-1)).toEqual({
      userPoolId: local.userPoolId,
      userName: account.Username,
      request: {
        userAttributes: expect.objectContaining({
          sub,
          email,
          given_name: 'Sam',
          family_name: 'Signup',
          'cognito:user_status': 'CONFIRMED',
        }) as unknown,
      },
    });

    failConfirmation = true;
    try {
      const failing = uniqueEmail('unlucky');
      await expect((await signUp(failing))()).rejects.toMatchObject({
        name: 'UserLambdaValidationException',
        message: 'PostConfirmation failed with error profile store unavailable.',
      });
      expect(confirmed.at(-1)?.request.userAttributes.email).toBe(failing);
    } finally {
      failConfirmation = false;
    }
  });
});
