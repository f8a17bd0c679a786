import { Amplify } from 'aws-amplify';
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
  return createAmplifyAuthClient(contactEmail);
}
