import { fetchAuthSession, signIn, signOut, signUp, type SignInOutput } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { ClientWritableAttribute } from '../../../shared/identity-attributes';
import type { SignInStep } from './sign-in-step';

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** The identity operations the app uses; Amplify in the app, a fake in component tests. */
export interface AuthClient {
  /** The Cognito ID token of the current session (the API authorizer reads its claims), or null. */
  getIdToken(): Promise<string | null>;
  /** Resolves with the next step (done once signed in); rejects with the error to show (see `signInErrorMessage`). */
  signIn(email: string, password: string): Promise<SignInStep>;
  /** Answers the step the sign-in waits for: the new password, or the authenticator's code. */
  confirmSignIn(response: string): Promise<SignInStep>;
  /** Creates an unconfirmed account; Cognito sends the verification e-mail. */
  signUp(input: SignUpInput): Promise<void>;
  signOut(): Promise<void>;
  /** Called when the session ends on its own (the refresh token expired or was revoked). */
  onSessionExpired(listener: () => void): () => void;
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

export function createAmplifyAuthClient(contactEmail: string): AuthClient {
  const signInOnce = (email: string, password: string) =>
    signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  let signingIn = '';
  // Most sign-ins are done at once; the steps after a password (and their Amplify calls) load on demand.
  const steps = () => import('./auth-sign-in-steps');

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
      signingIn = email;
      let result: SignInOutput;
      try {
        result = await signInOnce(email, password);
      } catch (error) {
        // Tokens left behind by a session whose profile could not be loaded: start afresh.
        if (errorName(error) !== 'UserAlreadyAuthenticatedException') throw error;
        await signOut();
        result = await signInOnce(email, password);
      }
      if (result.isSignedIn) return { step: 'done' };
      return (await steps()).nextSignInStep(result, { email, contactEmail });
    },

    async confirmSignIn(response) {
      return (await steps()).answerSignInStep(response, { email: signingIn, contactEmail });
    },

    async signUp({ firstName, lastName, email, password }) {
      // Only attributes the app client may write (shared/identity-attributes.ts); Cognito refuses others.
      const userAttributes: Record<ClientWritableAttribute, string> = {
        email,
        given_name: firstName,
        family_name: lastName,
      };
      await signUp({ username: email, password, options: { userAttributes } });
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
