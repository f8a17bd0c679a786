import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { sessionStorage } from 'aws-amplify/utils';
import type { RuntimeConfig } from '../config/runtime-config';
import { createAmplifyAuthClient, type AuthClient } from '../lib/auth-client';

/** Loaded on demand (see lazy-auth-client.ts): configures Amplify for the runtime's user pool. */
export function createConfiguredAuthClient(config: RuntimeConfig, contactEmail: string): AuthClient {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  // DECISIONS "Sessions": a session's tokens live in the tab (sessionStorage), never in localStorage,
  // so closing the tab ends it and another site's script left behind on a shared computer finds none.
  cognitoUserPoolsTokenProvider.setKeyValueStorage(sessionStorage);
  return createAmplifyAuthClient(contactEmail);
}
