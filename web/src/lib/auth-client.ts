import { fetchAuthSession, signIn, signOut, signUp } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';

export interface SignUpInput {
  fullName: string;
  email: string;
  password: string;
}

/** The identity operations the app uses; Amplify in the app, a fake in component tests. */
export interface AuthClient {
  /** The Cognito ID token of the current session (the API authorizer reads its claims), or null. */
  getIdToken(): Promise<string | null>;
  /** Resolves once signed in; rejects with the error to show (see `signInErrorMessage`). */
  signIn(email: string, password: string): Promise<void>;
  /** Creates an unconfirmed account; Cognito sends the verification e-mail. */
  signUp(input: SignUpInput): Promise<void>;
  signOut(): Promise<void>;
  /** Called when the session ends on its own (the refresh token expired or was revoked). */
  onSessionExpired(listener: () => void): () => void;
}

/** An Error named like Cognito's exception so one mapping handles thrown and returned outcomes. */
export class AuthFlowError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

export function createAmplifyAuthClient(contactEmail: string): AuthClient {
  const signInOnce = (email: string, password: string) =>
    signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });

  return {
    async getIdToken() {
      try {
        const session = await fetchAuthSession();
        return session.tokens?.idToken?.toString() ?? null;
      } catch {
        return null;
      }
    },

    async signIn(email, password) {
      let result: Awaited<ReturnType<typeof signIn>>;
      try {
        result = await signInOnce(email, password);
      } catch (error) {
        // Tokens left behind by a session whose profile could not be loaded: start afresh.
        if (errorName(error) !== 'UserAlreadyAuthenticatedException') throw error;
        await signOut();
        result = await signInOnce(email, password);
      }
      if (result.isSignedIn) return;
      if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') {
        throw new AuthFlowError('UserNotConfirmedException', 'User is not confirmed.');
      }
      throw new AuthFlowError(
        'UnsupportedSignInStep',
        `This account cannot sign in here yet. Please contact ${contactEmail}.`,
      );
    },

    async signUp({ fullName, email, password }) {
      await signUp({
        username: email,
        password,
        options: { userAttributes: { email, name: fullName } },
      });
    },

    async signOut() {
      await signOut();
    },

    onSessionExpired(listener) {
      return Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'tokenRefresh_failure') listener();
      });
    },
  };
}
