import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '../../../shared/roles';
import { type IdentityDirectory, type NewIdentity } from '../../users/ports';
import { IdentityRefusal } from '../../kernel/vendor-errors';

/** Cognito user pool as the identity directory. Usernames are e-mail addresses; ids are `sub`. */
export class CognitoIdentityDirectory implements IdentityDirectory {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly userPoolId: string,
  ) {}

  async createUser(input: NewIdentity): Promise<string> {
    const pool = { UserPoolId: this.userPoolId };
    try {
      const created = await this.client.send(
        new AdminCreateUserCommand({
          ...pool,
          Username: input.email,
          // Cognito generates the temporary password and e-mails it in its invitation; nobody else
          // ever knows it. FORCE_CHANGE_PASSWORD: the first sign-in answers NEW_PASSWORD_REQUIRED.
          // The address is not marked verified: its owner verifies it (product-rules.md "Accounts and
          // sign-in"). A demo account (local only) gets no invitation: its password is set below.
          ...(input.permanentPassword
            ? { MessageAction: 'SUPPRESS' as const }
            : { DesiredDeliveryMediums: ['EMAIL' as const] }),
          UserAttributes: [
            { Name: 'email', Value: input.email },
            { Name: 'given_name', Value: input.firstName },
            { Name: 'family_name', Value: input.lastName },
            ...(input.providerId ? [{ Name: 'custom:provider_id', Value: input.providerId }] : []),
          ],
        }),
      );
      const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
      if (!sub) throw new Error('Cognito returned no sub for the new user');
      try {
        if (input.permanentPassword) {
          await this.client.send(
            new AdminSetUserPasswordCommand({
              ...pool,
              Username: sub,
              Password: input.permanentPassword,
              Permanent: true,
            }),
          );
        }
        await this.client.send(new AdminAddUserToGroupCommand({ ...pool, Username: sub, GroupName: input.role }));
      } catch (error) {
        // No half-made account (no group, or a demo account without its password) is left behind.
        await this.deleteUser(sub);
        throw error;
      }
      return sub;
    } catch (error) {
      throw translate(error);
    }
  }

  async updateUser(
    userId: string,
    changes: { email: string; firstName: string; lastName: string; providerId: string | null },
  ): Promise<void> {
    try {
      await this.client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: this.userPoolId,
          Username: userId,
          UserAttributes: [
            { Name: 'email', Value: changes.email },
            { Name: 'given_name', Value: changes.firstName },
            { Name: 'family_name', Value: changes.lastName },
            { Name: 'custom:provider_id', Value: changes.providerId ?? '' },
          ],
        }),
      );
    } catch (error) {
      throw translate(error);
    }
  }

  async setRole(userId: string, role: Role): Promise<void> {
    const pool = { UserPoolId: this.userPoolId, Username: userId };
    const { Groups = [] } = await this.client.send(new AdminListGroupsForUserCommand(pool));
    for (const group of Groups) {
      if (group.GroupName && group.GroupName !== role) {
        await this.client.send(new AdminRemoveUserFromGroupCommand({ ...pool, GroupName: group.GroupName }));
      }
    }
    if (!Groups.some((g) => g.GroupName === role)) {
      await this.client.send(new AdminAddUserToGroupCommand({ ...pool, GroupName: role }));
    }
  }

  async disableUser(userId: string): Promise<void> {
    await ignoreMissing(
      this.client.send(new AdminDisableUserCommand({ UserPoolId: this.userPoolId, Username: userId })),
    );
  }

  async enableUser(userId: string): Promise<void> {
    await ignoreMissing(
      this.client.send(new AdminEnableUserCommand({ UserPoolId: this.userPoolId, Username: userId })),
    );
  }

  async deleteUser(userId: string): Promise<void> {
    await this.disableUser(userId);
    await ignoreMissing(
      this.client.send(new AdminDeleteUserCommand({ UserPoolId: this.userPoolId, Username: userId })),
    );
  }

  async signOutEverywhere(userId: string): Promise<void> {
    await ignoreMissing(
      this.client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: this.userPoolId, Username: userId })),
    );
  }
}

/** Disabling or deleting an account that is already gone is done, so a retried request completes. */
async function ignoreMissing(request: Promise<unknown>): Promise<void> {
  try {
    await request;
  } catch (error) {
    if ((error as { name?: string }).name !== 'UserNotFoundException') throw error;
  }
}

/** Cognito's refusals of an account's attributes, as the port's typed outcome (by the SDK's exception type). */
function translate(error: unknown): unknown {
  const name = (error as { name?: string }).name;
  if (name === 'UsernameExistsException' || name === 'AliasExistsException') return new IdentityRefusal('email_taken');
  if (name === 'InvalidPasswordException') return new IdentityRefusal('weak_password');
  if (name === 'InvalidParameterException') return new IdentityRefusal('invalid_attribute');
  return error;
}
