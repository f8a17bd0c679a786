/**
 * The steps between a correct password and a session (a new password, two-factor sign-in), read
 * from Amplify. Imported only when a sign-in stops short of done, so /login does not load it.
 */
import { confirmSignIn, type SignInOutput } from 'aws-amplify/auth';
import { AuthFlowError, type SignInStep } from './sign-in-step';

/** The issuer an authenticator app shows beside the account. */
const TOTP_ISSUER = 'CareLoop';

export interface StepContext {
  /** The e-mail being signed in, shown in the authenticator app. */
  email: string;
  contactEmail: string;
}

/** Amplify's next step as the app's; a choice between second factors is answered with TOTP, the only one staff use. */
export async function nextSignInStep(result: SignInOutput, context: StepContext): Promise<SignInStep> {
  if (result.isSignedIn) return { step: 'done' };
  const next = result.nextStep;
  switch (next.signInStep) {
    case 'CONFIRM_SIGN_UP':
      throw new AuthFlowError('UserNotConfirmedException', 'User is not confirmed.');
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { step: 'new-password' };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return {
        step: 'totp-setup',
        secret: next.totpSetupDetails.sharedSecret,
        setupUri: next.totpSetupDetails.getSetupUri(TOTP_ISSUER, context.email).toString(),
      };
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { step: 'totp-code' };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
      if (next.allowedMFATypes?.includes('TOTP')) return answerSignInStep('TOTP', context);
      break;
    // Flows this pool does not use (SMS or e-mail codes, passwordless, custom challenges, resets).
    case 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE':
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
    case 'CONFIRM_SIGN_IN_WITH_PASSWORD':
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
    case 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP':
    case 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION':
    case 'DONE':
    case 'RESET_PASSWORD':
      break;
  }
  throw new AuthFlowError(
    'UnsupportedSignInStep',
    `This account cannot sign in here yet. Please contact ${context.contactEmail}.`,
  );
}

/** Answers the step the sign-in waits for (a new password, an authenticator code, or 'TOTP' as the choice). */
export async function answerSignInStep(response: string, context: StepContext): Promise<SignInStep> {
  return nextSignInStep(await confirmSignIn({ challengeResponse: response }), context);
}
