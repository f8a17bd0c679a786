/**
 * Environment read once and validated, failing fast with the variable's name.
 * Endpoint overrides are plain configuration: AWS leaves them unset, local mode points them at stand-ins.
 */
export interface Env {
  readonly tableName: string;
  readonly region: string;
  readonly userPoolId: string;
  readonly dynamoEndpoint: string | undefined;
  readonly cognitoEndpoint: string | undefined;
  readonly settingsAdminEmails: readonly string[];
}

function required(source: NodeJS.ProcessEnv, name: string): string {
  const value = source[name];
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return {
    tableName: required(source, 'TABLE_NAME'),
    region: source.AWS_REGION ?? source.AWS_DEFAULT_REGION ?? 'us-east-1',
    userPoolId: required(source, 'USER_POOL_ID'),
    dynamoEndpoint: source.DYNAMODB_ENDPOINT || undefined,
    cognitoEndpoint: source.COGNITO_ENDPOINT || undefined,
    settingsAdminEmails: (source.SETTINGS_ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  };
}
