import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import type { VapiEnv } from '../../kernel/env';
import { readVapiSecrets, SecretConfigurationError, SecretsManagerSecrets } from './secrets-manager-secrets';

const secretsManager = mockClient(SecretsManagerClient);
const VAPI = { apiKey: 'sk-live-1', webhookSecret: 'whsec-1' };
const reads = () => secretsManager.commandCalls(GetSecretValueCommand).map((c) => c.args[0].input.SecretId);

function vapiEnv(secretId: string): VapiEnv {
  return {
    region: 'us-east-1',
    secretId,
    secretsEndpoint: undefined,
    baseUrl: 'https://api.vapi.ai',
    assistantId: 'asst',
    phoneNumberId: 'phone',
    modelProvider: 'openai',
    model: 'gpt-4o',
    webhookUrl: 'https://api.example.com/webhooks/vapi',
    webhookAuth: 'hmac',
    webhookCredentialId: undefined,
    recordingEnabled: false,
  };
}

afterEach(() => secretsManager.reset());

describe('SecretsManagerSecrets', () => {
  it('reads a secret once and serves it from the cache for five minutes, then reads it again', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ token: 'v1' }) });
    let now = new Date('2026-03-10T09:00:00Z');
    const secrets = new SecretsManagerSecrets(new SecretsManagerClient({}), { now: () => now });

    await secrets.readJson('app/secret', ['token']);
    now = new Date('2026-03-10T09:04:59Z');
    await secrets.readJson('app/secret', ['token']);
    expect(reads()).toEqual(['app/secret']);

    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ token: 'v2' }) });
    now = new Date('2026-03-10T09:05:01Z');
    await expect(secrets.readJson('app/secret', ['token'])).resolves.toEqual({ token: 'v2' });
    expect(reads()).toEqual(['app/secret', 'app/secret']);
  });

  it('names the secret and the missing key, never a value', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ apiKey: 'sk-secret-value' }) });
    const secrets = new SecretsManagerSecrets(new SecretsManagerClient({}));

    const read = secrets.readJson('careloop/vapi', ['apiKey', 'webhookSecret']);

    await expect(read).rejects.toBeInstanceOf(SecretConfigurationError);
    await expect(read).rejects.toThrow('Secret careloop/vapi has no non-empty string value for the key webhookSecret');
    await expect(read).rejects.not.toThrow('sk-secret-value');
  });

  it('refuses a secret that is not a JSON object, without quoting it', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: 'plain-text-password' });
    const secrets = new SecretsManagerSecrets(new SecretsManagerClient({}));

    const read = secrets.readJson('careloop/vapi', ['apiKey']);

    await expect(read).rejects.toThrow('Secret careloop/vapi is not valid JSON (a JSON object is expected)');
    await expect(read).rejects.not.toThrow('plain-text-password');
  });

  it('does not cache a failed read', async () => {
    secretsManager
      .on(GetSecretValueCommand)
      .rejectsOnce(new ResourceNotFoundException({ message: 'not found', $metadata: {} }))
      .resolves({ SecretString: JSON.stringify({ token: 'v1' }) });
    const secrets = new SecretsManagerSecrets(new SecretsManagerClient({}));

    await expect(secrets.readJson('late/secret', ['token'])).rejects.toThrow('not found');
    await expect(secrets.readJson('late/secret', ['token'])).resolves.toEqual({ token: 'v1' });
  });
});

describe('readVapiSecrets', () => {
  it('returns the three Vapi values, cached for the container', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ ...VAPI, extra: 'x' }) });

    const first = await readVapiSecrets(vapiEnv('careloop/test/vapi-cached'));
    const second = await readVapiSecrets(vapiEnv('careloop/test/vapi-cached'));

    expect(first).toEqual(VAPI);
    expect(second).toEqual(VAPI);
    expect(reads()).toEqual(['careloop/test/vapi-cached']);
  });

  it('fails naming the key a Vapi secret lacks', async () => {
    secretsManager
      .on(GetSecretValueCommand)
      .resolves({ SecretString: JSON.stringify({ apiKey: 'sk', webhookSecret: '' }) });

    await expect(readVapiSecrets(vapiEnv('careloop/test/vapi-incomplete'))).rejects.toThrow(
      'Secret careloop/test/vapi-incomplete has no non-empty string value for the key webhookSecret',
    );
  });

  it('reads a Vapi secret without a public key, and hands on only the keys it needs', async () => {
    secretsManager
      .on(GetSecretValueCommand)
      .resolves({ SecretString: JSON.stringify({ ...VAPI, publicKey: 'pk-left-over' }) });

    await expect(readVapiSecrets(vapiEnv('careloop/test/vapi-without-public-key'))).resolves.toEqual(VAPI);
  });
});
