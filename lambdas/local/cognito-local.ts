/**
 * cognito-local embedded in the local stack, with stable pool and client ids, mail delivered to
 * the local outbox (sign-up confirmations, and the invitation with a generated temporary password of
 * an account an operator creates), and a compatibility proxy in front that answers the calls cognito-local lacks
 * (GetTokensFromRefreshToken, Amplify's refresh; GlobalSignOut; the sign-in challenges of
 * cognito-sign-in-bridge.ts) and enforces what Cognito enforces and cognito-local does not: the
 * password policy, the app client's writable attributes, disabled accounts, and the
 * post-confirmation trigger.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { UNAUTHORIZED_ATTRIBUTE_MESSAGE, unauthorizedClientWrite } from '../../shared/identity-attributes';
import { PASSWORD_POLICY, passwordPolicyViolation } from '../../shared/password-policy';
import { SignInBridge, asCognitoSignInError, type LocalAccount, type ProxyAnswer } from './cognito-sign-in-bridge';
import { allowOriginHeaders, withoutAllowOrigin } from './cors';
import type { FileOutbox } from './outbox';

const require = createRequire(import.meta.url);
const pino = require('pino') as (opts: object) => Logger;
const { createServer } = require('cognito-local/lib/server/server.js') as { createServer: CreateServer };
const { Router } = require('cognito-local/lib/server/Router.js') as { Router: (services: unknown) => RouterFn };
const services = require('cognito-local/lib/services/index.js') as Record<string, new (...args: unknown[]) => unknown>;
const { CognitoServiceFactoryImpl, USER_POOL_AWS_DEFAULTS } =
  require('cognito-local/lib/services/cognitoService.js') as {
    CognitoServiceFactoryImpl: new (...args: unknown[]) => {
      create(ctx: Ctx, defaults: object): Promise<CognitoService>;
    };
    USER_POOL_AWS_DEFAULTS: Record<string, unknown>;
  };
const { UserPoolServiceFactoryImpl } = require('cognito-local/lib/services/userPoolService.js') as Record<
  string,
  new (...args: unknown[]) => unknown
>;
const { StormDBDataStoreFactory } = require('cognito-local/lib/services/dataStore/stormDb.js') as Record<
  string,
  new (...args: unknown[]) => unknown
>;
const { MessageDeliveryService } = require('cognito-local/lib/services/messageDelivery/messageDelivery.js') as Record<
  string,
  new (...args: unknown[]) => unknown
>;
const { otp } = require('cognito-local/lib/services/otp.js') as { otp: () => string };
const { JwtTokenGenerator } = require('cognito-local/lib/services/tokenGenerator.js') as Record<
  string,
  new (...args: unknown[]) => unknown
>;

interface Logger {
  child(bindings: object): Logger;
  info(...args: unknown[]): void;
  debug(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}
interface Ctx {
  logger: Logger;
}
type RouterFn = (target: string) => (ctx: Ctx, req: unknown) => Promise<unknown>;
type CreateServer = (
  router: RouterFn,
  logger: Logger,
  options: object,
  services: unknown,
) => { start(): Promise<Server> };
interface LocalUserRecord {
  Username: string;
  Password: string;
  Enabled?: boolean;
  Attributes?: { Name: string; Value?: string }[];
}
interface UserPoolService {
  options: { Id: string };
  getUserByUsername(ctx: Ctx, username: string): Promise<LocalUserRecord | null>;
  getUserByRefreshToken(ctx: Ctx, token: string): Promise<LocalUserRecord | null>;
  saveUser(ctx: Ctx, user: object): Promise<void>;
  saveAppClient(ctx: Ctx, client: object): Promise<void>;
  saveGroup(ctx: Ctx, group: object): Promise<void>;
  getGroupByGroupName(ctx: Ctx, name: string): Promise<unknown>;
}
interface CognitoService {
  getUserPool(ctx: Ctx, id: string): Promise<UserPoolService>;
  createUserPool(ctx: Ctx, options: object): Promise<{ Id: string }>;
  getAppClient(ctx: Ctx, id: string): Promise<unknown>;
}

export const LOCAL_POOL_ID = 'us-east-1_careloopLocal';
export const LOCAL_CLIENT_ID = 'careloop-local-web-client';
export const GROUPS = ['careloop_employee', 'provider', 'patient'] as const;

export interface CognitoLocalOptions {
  dataDir: string;
  /** Public port: the compatibility proxy the browser, gateway and tests talk to. */
  port: number;
  /** Where confirmation links in sign-up mails point (the local gateway). */
  apiUrl: string;
  /** The web app's origin: Amplify in the browser calls the proxy from there, and no other page may. */
  webOrigin: string;
  outbox: FileOutbox;
  /** TOTP MFA required at every sign-in, as the AWS pool requires it (`npm start -- --mfa`). */
  mfa?: boolean;
  /** The post-confirmation trigger, called after ConfirmSignUp and AdminConfirmSignUp as Cognito calls it. */
  postConfirmation?: PostConfirmationHook;
}

/** The parts of Cognito's post-confirmation event the CareLoop trigger reads. */
export interface PostConfirmationEvent {
  userPoolId: string;
  userName: string;
  request: { userAttributes: Record<string, string> };
}
export type PostConfirmationHook = (event: PostConfirmationEvent) => Promise<void>;

export interface CognitoLocal {
  url: string;
  userPoolId: string;
  clientId: string;
  stop(): Promise<void>;
}

function outboxSender(outbox: FileOutbox, apiUrl: string) {
  const deliver =
    (channel: 'email' | 'sms') =>
    async (_ctx: Ctx, user: { Username: string }, destination: string, message: Record<string, unknown>) => {
      const code = String(message.__code ?? '');
      const link = `${apiUrl}/local/confirm-sign-up?username=${encodeURIComponent(user.Username)}&code=${encodeURIComponent(code)}`;
      outbox.add({
        channel,
        to: destination,
        subject: String(message.emailSubject ?? 'Verify your CareLoop account'),
        body: `Welcome to CareLoop. Confirm your email address by opening this link:\n${link}\n\nVerification code: ${code}`,
        links: [link],
      });
    };
  return { sendEmail: deliver('email'), sendSms: deliver('sms') };
}

const PASSWORD_CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!#%+-=?@^_'];

/**
 * A temporary password as Cognito generates one for AdminCreateUser without TemporaryPassword:
 * random, meeting the pool's policy (a character of each class, then more of any), never logged.
 */
export function temporaryPassword(): string {
  const pick = (chars: string) => chars[randomInt(chars.length)] ?? '';
  const all = PASSWORD_CLASSES.join('');
  const chars = [...PASSWORD_CLASSES.map(pick), ...Array.from({ length: PASSWORD_POLICY.minLength }, () => pick(all))];
  // Shuffled, so the classes are not always in the same places.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

/**
 * AdminCreateUser as Cognito answers it when no TemporaryPassword is given: a generated one, and
 * (unless MessageAction is SUPPRESS) the invitation e-mailed with Cognito's default text to the
 * account's e-mail, here the outbox. cognito-local itself is always told to send nothing.
 */
async function createInvitedUser(
  input: Record<string, unknown>,
  callInner: (target: string, input: unknown) => Promise<ProxyAnswer>,
  outbox: FileOutbox,
): Promise<ProxyAnswer> {
  const given = typeof input.TemporaryPassword === 'string' && input.TemporaryPassword !== '';
  const password = given ? String(input.TemporaryPassword) : temporaryPassword();
  const answer = await callInner('AdminCreateUser', {
    ...input,
    TemporaryPassword: password,
    MessageAction: 'SUPPRESS',
  });
  const mediums = (input.DesiredDeliveryMediums ?? ['SMS']) as unknown[];
  if (answer.status !== 200 || input.MessageAction === 'SUPPRESS' || !mediums.includes('EMAIL')) return answer;
  const username = String(input.Username ?? '');
  const attributes = (input.UserAttributes ?? []) as { Name?: string; Value?: string }[];
  const to = attributes.find((a) => a.Name === 'email')?.Value ?? username;
  outbox.add({
    channel: 'email',
    to,
    subject: 'Your temporary password',
    body: `Your username is ${username} and temporary password is ${password}.`,
    links: [],
  });
  return answer;
}

/**
 * Cognito refuses every sign-in and refresh of a disabled account (NotAuthorizedException
 * 'User is disabled.'); cognito-local does not look at the flag, so the proxy does.
 */
async function isDisabledAccount(
  ctx: Ctx,
  cognito: CognitoService,
  target: string,
  input: { AuthParameters?: Record<string, string>; RefreshToken?: string },
): Promise<boolean> {
  if (target !== 'InitiateAuth' && target !== 'GetTokensFromRefreshToken') return false;
  const pool = await cognito.getUserPool(ctx, LOCAL_POOL_ID);
  const username = input.AuthParameters?.USERNAME;
  const refreshToken = input.AuthParameters?.REFRESH_TOKEN ?? input.RefreshToken;
  const user = username
    ? await pool.getUserByUsername(ctx, username)
    : refreshToken
      ? await pool.getUserByRefreshToken(ctx, refreshToken)
      : null;
  return user?.Enabled === false;
}

/**
 * AdminUserGlobalSignOut, which cognito-local lacks: as in Cognito, every refresh token of the
 * account stops working at once (ID tokens already issued live on until they expire; the API's
 * standing check refuses them). False when there is no such account.
 */
async function revokeRefreshTokens(ctx: Ctx, cognito: CognitoService, username: string): Promise<boolean> {
  const pool = await cognito.getUserPool(ctx, LOCAL_POOL_ID);
  const user = username ? await pool.getUserByUsername(ctx, username) : null;
  if (!user) return false;
  await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return true;
}

/** Cognito enforces the pool's password policy on every call that sets a password; cognito-local does not. */
const PASSWORD_FIELDS: Record<string, string> = {
  SignUp: 'Password',
  AdminSetUserPassword: 'Password',
  AdminCreateUser: 'TemporaryPassword',
  ConfirmForgotPassword: 'Password',
  ChangePassword: 'ProposedPassword',
};
function passwordProblem(target: string, input: Record<string, unknown>): string | null {
  const field = PASSWORD_FIELDS[target];
  if (!field) return null;
  const value = input[field];
  return typeof value === 'string' ? passwordPolicyViolation(value) : null;
}

/**
 * The attributes a client call writes: sign-up, a signed-in user's own update, and the attributes
 * a NEW_PASSWORD_REQUIRED answer may carry. Cognito holds each to the app client's writable list;
 * cognito-local writes whatever it is given.
 */
function clientAttributeWrites(target: string, input: Record<string, unknown>): string[] {
  if (target === 'SignUp' || target === 'UpdateUserAttributes') {
    return ((input.UserAttributes ?? []) as { Name?: string }[]).map((a) => String(a.Name));
  }
  if (target === 'RespondToAuthChallenge') {
    const prefix = 'userAttributes.';
    return Object.keys((input.ChallengeResponses ?? {}) as object)
      .filter((key) => key.startsWith(prefix))
      .map((key) => key.slice(prefix.length));
  }
  return [];
}

function parseInput(body: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body || '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    // Malformed JSON: cognito-local gives the answer.
    return {};
  }
}

function attributeRecord(user: LocalUserRecord): Record<string, string> {
  return Object.fromEntries((user.Attributes ?? []).map((a) => [a.Name, a.Value ?? '']));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** An answer of the proxy's own (the request's origin decision is already set on `res`). */
function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.1' });
  res.end(JSON.stringify(body));
}

export async function startCognitoLocal(options: CognitoLocalOptions): Promise<CognitoLocal> {
  const dbDir = `${options.dataDir}/db`;
  mkdirSync(dbDir, { recursive: true });
  const publicUrl = `http://127.0.0.1:${options.port}`;
  const logger = pino({ level: process.env.COGNITO_LOCAL_LOG_LEVEL ?? 'silent' });
  const ctx: Ctx = { logger };
  const config = {
    LambdaClient: { credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, region: 'local' },
    TriggerFunctions: {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: publicUrl },
    KMSConfig: { credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, region: 'local' },
    ServerConfig: { port: 0, hostname: '127.0.0.1', development: false, https: false },
  };
  const clock = new services.DateClock!();
  const dataStoreFactory = new StormDBDataStoreFactory!(dbDir);
  const cognito = await new CognitoServiceFactoryImpl(
    dbDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl!(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  // Lambda triggers are not configured locally; the services still need the objects.
  const triggers = new services.TriggersService!(clock, cognito, { enabled: () => false }, {});
  const allServices = {
    clock,
    cognito,
    config,
    messages: new services.MessagesService!(
      triggers,
      new MessageDeliveryService!(outboxSender(options.outbox, options.apiUrl)),
    ),
    otp,
    tokenGenerator: new JwtTokenGenerator!(clock, triggers, config.TokenConfig),
    triggers,
  };
  await seedPool(ctx, cognito);
  const router = Router(allServices);
  const inner = await createServer(router, logger, config.ServerConfig, allServices).start();
  const innerUrl = `http://127.0.0.1:${(inner.address() as AddressInfo).port}`;

  const callInner = async (target: string, input: unknown): Promise<ProxyAnswer> => {
    const answer = await fetch(innerUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}`,
      },
      body: JSON.stringify(input),
    });
    const text = await answer.text();
    return { status: answer.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
  const findUser = async (username: string): Promise<LocalUserRecord | null> =>
    username ? (await cognito.getUserPool(ctx, LOCAL_POOL_ID)).getUserByUsername(ctx, username) : null;
  const findAccount = async (username: string): Promise<LocalAccount | null> => {
    const user = await findUser(username);
    return user ? { username: user.Username, sub: attributeRecord(user).sub ?? '', password: user.Password } : null;
  };
  const bridge = new SignInBridge({
    mfa: options.mfa ?? false,
    enrolmentFile: `${options.dataDir}/mfa-enrolments.json`,
    callInner,
    findAccount,
  });
  /** ConfirmSignUp and AdminConfirmSignUp, then the post-confirmation trigger with the account's attributes. */
  const confirmSignUp = async (target: string, input: Record<string, unknown>): Promise<ProxyAnswer> => {
    const confirmed = await callInner(target, input);
    if (confirmed.status !== 200 || !options.postConfirmation) return confirmed;
    const user = await findUser(String(input.Username ?? ''));
    if (!user) return confirmed;
    try {
      await options.postConfirmation({
        userPoolId: LOCAL_POOL_ID,
        userName: user.Username,
        request: { userAttributes: { ...attributeRecord(user), 'cognito:user_status': 'CONFIRMED' } },
      });
      return confirmed;
    } catch (error) {
      // As in Cognito: the account stays confirmed, the call answers the trigger's failure.
      const message = error instanceof Error ? error.message : String(error);
      return {
        status: 400,
        body: { __type: 'UserLambdaValidationException', message: `PostConfirmation failed with error ${message}.` },
      };
    }
  };

  const proxy = createHttpServer((req, res) => {
    // cognito-local allows every origin; the proxy allows only the web app's (preflights included).
    for (const [name, value] of Object.entries(allowOriginHeaders(req, options.webOrigin))) {
      res.setHeader(name, value);
    }
    void (async () => {
      const body = await readBody(req);
      const target = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
      const input = req.method === 'POST' ? parseInput(body) : {};
      if (req.method === 'POST' && (await isDisabledAccount(ctx, cognito, target, input))) {
        send(res, 400, { __type: 'NotAuthorizedException', message: 'User is disabled.' });
        return;
      }
      const weakPassword = req.method === 'POST' ? passwordProblem(target, input) : null;
      if (weakPassword) {
        send(res, 400, { __type: 'InvalidPasswordException', message: weakPassword });
        return;
      }
      if (req.method === 'POST' && unauthorizedClientWrite(clientAttributeWrites(target, input))) {
        send(res, 400, { __type: 'NotAuthorizedException', message: UNAUTHORIZED_ATTRIBUTE_MESSAGE });
        return;
      }
      if (req.method === 'POST' && bridge.handles(target, input)) {
        const answer = await bridge.handle(target, input);
        send(res, answer.status, answer.body);
        return;
      }
      if (req.method === 'POST' && target === 'AdminCreateUser') {
        const answer = await createInvitedUser(input, callInner, options.outbox);
        send(res, answer.status, answer.body);
        return;
      }
      if (req.method === 'POST' && (target === 'ConfirmSignUp' || target === 'AdminConfirmSignUp')) {
        const answer = await confirmSignUp(target, input);
        send(res, answer.status, answer.body);
        return;
      }
      if (req.method === 'POST' && target === 'GetTokensFromRefreshToken') {
        try {
          const out = await router('InitiateAuth')(ctx, {
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            ClientId: input.ClientId,
            AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
          });
          send(res, 200, out);
        } catch (error) {
          send(res, 400, { __type: 'NotAuthorizedException', message: (error as Error).message });
        }
        return;
      }
      if (req.method === 'POST' && target === 'GlobalSignOut') {
        send(res, 200, {});
        return;
      }
      if (req.method === 'POST' && target === 'AdminUserGlobalSignOut') {
        const signedOut = await revokeRefreshTokens(ctx, cognito, String(input.Username ?? ''));
        if (signedOut) send(res, 200, {});
        else send(res, 400, { __type: 'UserNotFoundException', message: 'User does not exist.' });
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) {
        if (typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k)) headers[k] = v;
      }
      const upstream = await fetch(`${innerUrl}${req.url ?? '/'}`, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      });
      let out: Buffer = Buffer.from(await upstream.arrayBuffer());
      if (target === 'InitiateAuth' && upstream.status === 400) {
        out = Buffer.from(JSON.stringify(asCognitoSignInError(parseInput(out.toString('utf8')))));
      }
      const outHeaders: Record<string, string> = {};
      upstream.headers.forEach((v, k) => {
        if (!['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(k)) outHeaders[k] = v;
      });
      res.writeHead(upstream.status, withoutAllowOrigin(outHeaders));
      res.end(out);
    })().catch((error: unknown) => {
      send(res, 500, { __type: 'InternalErrorException', message: (error as Error).message });
    });
  });
  await new Promise<void>((resolve, reject) => {
    proxy.once('error', reject);
    proxy.listen(options.port, '127.0.0.1', () => resolve());
  });

  return {
    url: publicUrl,
    userPoolId: LOCAL_POOL_ID,
    clientId: LOCAL_CLIENT_ID,
    stop: async () => {
      await Promise.all([
        new Promise<void>((r) => proxy.close(() => r())),
        new Promise<void>((r) => inner.close(() => r())),
      ]);
    },
  };
}

/** Creates the pool, the web app client and the three groups once, with stable ids. */
async function seedPool(ctx: Ctx, cognito: CognitoService) {
  let pool: UserPoolService;
  try {
    pool = await cognito.getUserPool(ctx, LOCAL_POOL_ID);
  } catch {
    await cognito.createUserPool(ctx, {
      ...USER_POOL_AWS_DEFAULTS,
      Id: LOCAL_POOL_ID,
      Name: 'careloop-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      SchemaAttributes: [
        ...(USER_POOL_AWS_DEFAULTS.SchemaAttributes as object[]),
        { Name: 'custom:provider_id', AttributeDataType: 'String', Mutable: true, Required: false },
      ],
    });
    pool = await cognito.getUserPool(ctx, LOCAL_POOL_ID);
  }
  if (!(await cognito.getAppClient(ctx, LOCAL_CLIENT_ID))) {
    const now = new Date();
    await pool.saveAppClient(ctx, {
      ClientId: LOCAL_CLIENT_ID,
      ClientName: 'careloop-web',
      UserPoolId: LOCAL_POOL_ID,
      CreationDate: now,
      LastModifiedDate: now,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AccessTokenValidity: 15,
      IdTokenValidity: 15,
      RefreshTokenValidity: 12,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'hours' },
    });
  }
  for (const group of GROUPS) {
    const existing = await pool.getGroupByGroupName(ctx, group).catch(() => null);
    if (!existing) {
      const now = new Date();
      await pool.saveGroup(ctx, {
        GroupName: group,
        UserPoolId: LOCAL_POOL_ID,
        CreationDate: now,
        LastModifiedDate: now,
      });
    }
  }
}
