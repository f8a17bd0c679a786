/**
 * Secrets Manager, locally: GetSecretValue (awsJson1_1) over the secrets the local stack holds, by
 * name or ARN, at the AWSCURRENT stage only.
 */
import { createHash } from 'node:crypto';
import { ServiceError, constraint, field } from '../aws/aws-protocol';

export interface SecretsManagerEmulatorOptions {
  region: string;
  account: string;
  /** Secrets by name: the SecretString of each. */
  secrets: Record<string, string>;
}

export function createSecretsManagerEmulator(options: SecretsManagerEmulatorOptions) {
  const secretArn = (name: string) =>
    `arn:aws:secretsmanager:${options.region}:${options.account}:secret:${name}-` +
    createHash('sha256')
      .update(name)
      .digest('base64url')
      .replace(/[^A-Za-z0-9]/g, 'x')
      .slice(0, 6);
  const secretCreated = Math.floor(Date.now() / 1000);

  function getSecretValue(body: unknown) {
    const id = field(body, 'SecretId');
    if (typeof id !== 'string' || id.length < 1 || id.length > 2048) {
      throw constraint(id, 'secretId', 'Member must have length between 1 and 2048');
    }
    const name = Object.keys(options.secrets).find((n) => n === id || secretArn(n) === id);
    if (name === undefined) {
      throw new ServiceError(400, 'ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
    }
    const stage = field(body, 'VersionStage');
    if (stage !== undefined && stage !== 'AWSCURRENT') {
      throw new ServiceError(
        400,
        'ResourceNotFoundException',
        "Secrets Manager can't find the specified secret value for staging label: " + String(stage),
      );
    }
    return {
      ARN: secretArn(name),
      Name: name,
      VersionId: createHash('sha256').update(`${name}|${options.secrets[name]}`).digest('hex').slice(0, 32),
      SecretString: options.secrets[name],
      VersionStages: ['AWSCURRENT'],
      CreatedDate: secretCreated,
    };
  }

  return { getSecretValue };
}
