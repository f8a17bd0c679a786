/**
 * `npm run first-operator -- EMAIL FIRST_NAME LAST_NAME`: a deployment's first operator (README
 * "Deploy", step 2), made as every account is (lambdas/users/users.ts `createUser`): Cognito e-mails
 * the temporary password in its invitation, the account joins `careloop_employee`, and its profile is
 * written with its audit event. The profile is what the API's standing check reads: an account made
 * with the AWS CLI alone is refused on every route. The first operator is a settings admin, so they
 * can make the next ones. Reads TABLE_NAME, USER_POOL_ID and AWS_REGION (the stack's outputs) and
 * uses the caller's AWS credentials; prints the new account's id, never the e-mail.
 */
import { pathToFileURL } from 'node:url';
import { createUserSchema } from '../shared/validation';
import { identityDirectory, tableDeps } from '../lambdas/composition-root';
import { systemActorId } from '../lambdas/kernel/audit-actors';
import { createUser } from '../lambdas/users/users';

const USAGE = 'usage: npm run first-operator -- EMAIL FIRST_NAME LAST_NAME';

/** Creates the account; answers its id, or throws with what was wrong with the input. */
export async function createFirstOperator(args: readonly string[]): Promise<string> {
  const [email, firstName, lastName] = args;
  const input = createUserSchema.safeParse({
    email,
    first_name: firstName,
    last_name: lastName,
    role: 'careloop_employee',
  });
  if (!input.success) throw new Error(`${input.error.issues[0]?.message ?? 'Invalid input'}\n${USAGE}`);
  const deps = {
    ...tableDeps(),
    identity: identityDirectory(),
    bootstrapSettingsAdmins: [input.data.email.toLowerCase()],
  };
  const actor = {
    userId: systemActorId('first-operator'),
    email: '',
    role: 'careloop_employee' as const,
    providerId: null,
  };
  const { user } = await createUser(deps, actor, input.data);
  return user.id;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  createFirstOperator(process.argv.slice(2)).then(
    (id) => console.log(`First operator created (${id}); Cognito has e-mailed their temporary password.`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
