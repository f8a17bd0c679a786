/**
 * Where a sign-in stands: done, or waiting for the user to choose a password (the operator's one
 * was temporary), to enrol an authenticator app (the first two-factor sign-in), or for its code.
 */
export type SignInStep =
  | { step: 'done' }
  | { step: 'new-password' }
  | { step: 'totp-setup'; secret: string; setupUri: string }
  | { step: 'totp-code' };

export type PendingSignInStep = Exclude<SignInStep, { step: 'done' }>;

/** An Error named like Cognito's exception so one mapping handles thrown and returned outcomes. */
export class AuthFlowError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}
