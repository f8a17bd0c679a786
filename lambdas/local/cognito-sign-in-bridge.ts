/**
 * The sign-in challenges of the local identity stand-in, answered as Cognito answers them where
 * cognito-local is looser or lacks them:
 * - NEW_PASSWORD_REQUIRED (an operator's temporary password): cognito-local issues the challenge
 *   without checking the temporary password and accepts any session and any new password.
 * - TOTP MFA (`npm start -- --mfa`): MFA_SETUP, AssociateSoftwareToken and VerifySoftwareToken with
 *   a session, then SOFTWARE_TOKEN_MFA at later sign-ins.
 * cognito-local itself runs without MFA; once a challenge is met the bridge signs in to it with the
 * password kept in the (short-lived, in-memory, never logged) session, so the tokens and the stored
 * refresh token are exactly those cognito-local issues.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { passwordPolicyViolation } from '../../shared/password-policy';

const require = createRequire(import.meta.url);
/** RFC 6238 (SHA-1, 6 digits, 30 s, ±1 step), as cognito-local's own software-token targets use it. */
const totp = require('cognito-local/lib/services/totp.js') as {
  generateSecret(): string;
  verify(secret: string, code: string): boolean;
};

/** Cognito's default for how long a sign-in session may wait for the next answer (AuthSessionValidity). */
const SESSION_TTL_MS = 3 * 60_000;
/** Wrong codes one session may try before it is spent, so a code cannot be guessed. */
const MAX_WRONG_CODES = 5;
/** How long an accepted code stays refused (its own step and the one after it, ±1 step of tolerance). */
const CODE_REUSE_WINDOW_MS = 90_000;

export interface ProxyAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The account as cognito-local stores it (plain-text password included: it is a local stand-in). */
export interface LocalAccount {
  username: string;
  sub: string;
  password: string;
}

export interface SignInBridgeOptions {
  /** TOTP MFA required for every account (the AWS pool's setting). */
  mfa: boolean;
  /** Where enrolled authenticator secrets are kept, so enrolment survives a restart. */
  enrolmentFile: string;
  callInner(target: string, input: unknown): Promise<ProxyAnswer>;
  findAccount(username: string): Promise<LocalAccount | null>;
}

type Challenge = 'NEW_PASSWORD_REQUIRED' | 'MFA_SETUP' | 'SOFTWARE_TOKEN_MFA';

interface Session {
  id: string;
  challenge: Challenge;
  account: LocalAccount;
  clientId: string;
  expiresAt: number;
  /** The password just proven, to sign in to cognito-local once the second factor is met. */
  password?: string;
  /** MFA_SETUP: the secret handed out by AssociateSoftwareToken, and whether a code confirmed it. */
  secret?: string;
  enrolled?: boolean;
  wrongCodes: number;
}

const refusal = (type: string, message: string): ProxyAnswer => ({ status: 400, body: { __type: type, message } });
const EXPIRED = refusal('NotAuthorizedException', 'Invalid session for the user, session is expired.');
const INVALID_SESSION = refusal('NotAuthorizedException', 'Invalid session for the user.');
const INCORRECT = refusal('NotAuthorizedException', 'Incorrect username or password.');

/**
 * Real Cognito (user existence errors prevented, the default) answers a wrong password and an
 * unknown user alike; cognito-local tells them apart.
 */
export function asCognitoSignInError(body: Record<string, unknown>): Record<string, unknown> {
  const unknownUser = body.__type === 'NotAuthorizedException' && body.message === 'User not authorized';
  const tellsApart = body.__type === 'InvalidPasswordException' || body.__type === 'UserNotFoundException';
  return unknownUser || tellsApart ? INCORRECT.body : body;
}

/** Authenticator secrets of enrolled accounts, by `sub`, in a file of the stand-in's data directory. */
class Enrolments {
  private readonly secrets: Record<string, string>;
  constructor(private readonly file: string) {
    this.secrets = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  }
  get(sub: string): string | undefined {
    return this.secrets[sub];
  }
  set(sub: string, secret: string): void {
    this.secrets[sub] = secret;
    writeFileSync(this.file, JSON.stringify(this.secrets), { mode: 0o600 });
  }
}

export class SignInBridge {
  private readonly sessions = new Map<string, Session>();
  private readonly enrolments: Enrolments;
  /** The last code each account used: like Cognito, a code works once (it could have been seen). */
  private readonly usedCodes = new Map<string, { code: string; at: number }>();

  constructor(private readonly options: SignInBridgeOptions) {
    this.enrolments = new Enrolments(options.enrolmentFile);
  }

  /** Whether the call is one the bridge answers (the rest go to cognito-local unchanged). */
  handles(target: string, input: Record<string, unknown>): boolean {
    if (target === 'InitiateAuth') return input.AuthFlow === 'USER_PASSWORD_AUTH';
    if (target === 'RespondToAuthChallenge') return true;
    // With an access token these are a signed-in user's own calls; with a session they are MFA_SETUP.
    if (target === 'AssociateSoftwareToken' || target === 'VerifySoftwareToken') return !input.AccessToken;
    return false;
  }

  async handle(target: string, input: Record<string, unknown>): Promise<ProxyAnswer> {
    switch (target) {
      case 'InitiateAuth':
        return this.initiateAuth(input);
      case 'RespondToAuthChallenge':
        return this.respondToAuthChallenge(input);
      case 'AssociateSoftwareToken':
        return this.associateSoftwareToken(input);
      case 'VerifySoftwareToken':
        return this.verifySoftwareToken(input);
      default:
        return refusal('InvalidParameterException', `${target} is not a sign-in challenge call`);
    }
  }

  private async initiateAuth(input: Record<string, unknown>): Promise<ProxyAnswer> {
    const params = (input.AuthParameters ?? {}) as Record<string, string | undefined>;
    const answer = await this.options.callInner('InitiateAuth', input);
    if (answer.status !== 200) return { status: answer.status, body: asCognitoSignInError(answer.body) };
    const newPasswordRequired = answer.body.ChallengeName === 'NEW_PASSWORD_REQUIRED';
    const secondFactorRequired = Boolean(answer.body.AuthenticationResult) && this.options.mfa;
    if (!newPasswordRequired && !secondFactorRequired) return answer;
    const account = await this.options.findAccount(params.USERNAME ?? '');
    const clientId = String(input.ClientId ?? '');
    // cognito-local answers NEW_PASSWORD_REQUIRED to any password; Cognito only to the temporary one.
    if (!account || account.password !== params.PASSWORD) return INCORRECT;
    if (newPasswordRequired) {
      const session = this.open('NEW_PASSWORD_REQUIRED', account, clientId);
      return { status: 200, body: { ...answer.body, Session: session.id } };
    }
    // The tokens cognito-local issued are dropped: none are handed out before the second factor.
    return this.secondFactor(account, clientId, account.password);
  }

  private async respondToAuthChallenge(input: Record<string, unknown>): Promise<ProxyAnswer> {
    const session = this.session(input.Session);
    if (!session) return EXPIRED;
    const responses = (input.ChallengeResponses ?? {}) as Record<string, string | undefined>;
    const claimed = await this.options.findAccount(responses.USERNAME ?? '');
    if (claimed?.username !== session.account.username || input.ChallengeName !== session.challenge) {
      return INVALID_SESSION;
    }
    switch (session.challenge) {
      case 'NEW_PASSWORD_REQUIRED': {
        const newPassword = responses.NEW_PASSWORD;
        if (!newPassword) return refusal('InvalidParameterException', 'Missing required parameter NEW_PASSWORD');
        const weak = passwordPolicyViolation(newPassword);
        if (weak) return refusal('InvalidPasswordException', weak);
        const changed = await this.options.callInner('RespondToAuthChallenge', input);
        if (changed.status !== 200) return changed;
        this.sessions.delete(session.id);
        return this.options.mfa
          ? this.secondFactor(session.account, session.clientId, newPassword)
          : this.tokens(session.account, session.clientId, newPassword);
      }
      case 'SOFTWARE_TOKEN_MFA': {
        const secret = this.enrolments.get(session.account.sub);
        const code = responses.SOFTWARE_TOKEN_MFA_CODE ?? '';
        if (!secret || !this.acceptCode(session.account, secret, code)) {
          return this.wrongCode(session, refusal('CodeMismatchException', 'Invalid code received for user'));
        }
        this.sessions.delete(session.id);
        return this.tokens(session.account, session.clientId, session.password ?? '');
      }
      case 'MFA_SETUP': {
        if (!session.enrolled) return INVALID_SESSION;
        this.sessions.delete(session.id);
        return this.tokens(session.account, session.clientId, session.password ?? '');
      }
    }
  }

  private associateSoftwareToken(input: Record<string, unknown>): ProxyAnswer {
    const session = this.session(input.Session);
    if (session?.challenge !== 'MFA_SETUP') return EXPIRED;
    session.secret = totp.generateSecret();
    return { status: 200, body: { SecretCode: session.secret, Session: session.id } };
  }

  private verifySoftwareToken(input: Record<string, unknown>): ProxyAnswer {
    const session = this.session(input.Session);
    if (session?.challenge !== 'MFA_SETUP' || !session.secret) return EXPIRED;
    if (!this.acceptCode(session.account, session.secret, String(input.UserCode ?? ''))) {
      return this.wrongCode(
        session,
        refusal('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA'),
      );
    }
    this.enrolments.set(session.account.sub, session.secret);
    session.enrolled = true;
    return { status: 200, body: { Status: 'SUCCESS', Session: session.id } };
  }

  /** After the password (and a new one, if it was temporary): enrol an authenticator, or ask for its code. */
  private secondFactor(account: LocalAccount, clientId: string, password: string): ProxyAnswer {
    const enrolled = this.enrolments.get(account.sub) !== undefined;
    const session = this.open(enrolled ? 'SOFTWARE_TOKEN_MFA' : 'MFA_SETUP', account, clientId, password);
    const parameters: Record<string, string> = enrolled
      ? { USER_ID_FOR_SRP: account.username }
      : { USER_ID_FOR_SRP: account.username, MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' };
    return {
      status: 200,
      body: { ChallengeName: session.challenge, ChallengeParameters: parameters, Session: session.id },
    };
  }

  /** The tokens cognito-local issues for a password sign-in (its refresh token stored, as Amplify needs). */
  private tokens(account: LocalAccount, clientId: string, password: string): Promise<ProxyAnswer> {
    return this.options.callInner('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: account.username, PASSWORD: password },
    });
  }

  private acceptCode(account: LocalAccount, secret: string, code: string): boolean {
    const used = this.usedCodes.get(account.sub);
    if (used?.code === code && Date.now() - used.at < CODE_REUSE_WINDOW_MS) return false;
    if (!totp.verify(secret, code)) return false;
    this.usedCodes.set(account.sub, { code, at: Date.now() });
    return true;
  }

  private wrongCode(session: Session, answer: ProxyAnswer): ProxyAnswer {
    session.wrongCodes += 1;
    if (session.wrongCodes >= MAX_WRONG_CODES) this.sessions.delete(session.id);
    return answer;
  }

  private open(challenge: Challenge, account: LocalAccount, clientId: string, password?: string): Session {
    const session: Session = {
      id: randomBytes(48).toString('base64url'),
      challenge,
      account,
      clientId,
      password,
      expiresAt: Date.now() + SESSION_TTL_MS,
      wrongCodes: 0,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  private session(id: unknown): Session | null {
    const now = Date.now();
    for (const [key, session] of this.sessions) if (session.expiresAt <= now) this.sessions.delete(key);
    return typeof id === 'string' ? (this.sessions.get(id) ?? null) : null;
  }
}
