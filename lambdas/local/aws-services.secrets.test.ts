import { describe, expect, it } from 'vitest';
import { services, start, useLocalAwsServices, VAPI_SECRET } from '../../test/support/local-aws-services';
import { readVapiSecrets } from '../vendors/secrets/secrets-manager-secrets';
import type { VapiEnv } from '../kernel/env';

useLocalAwsServices();

describe('local Secrets Manager, through readVapiSecrets', () => {
  const vapiEnv = (secretId: string): VapiEnv => ({
    region: 'us-east-1',
    secretId,
    secretsEndpoint: services.url,
    baseUrl: 'http://127.0.0.1:1',
    assistantId: 'a',
    phoneNumberId: 'p',
    modelProvider: 'openai',
    model: 'gpt-4o',
    webhookUrl: 'http://127.0.0.1:1/webhooks/vapi',
    webhookAuth: 'hmac',
    webhookCredentialId: undefined,
    recordingEnabled: false,
  });

  it('serves the secrets given at start', async () => {
    await start();

    await expect(readVapiSecrets(vapiEnv('careloop-local/vapi'))).resolves.toEqual(VAPI_SECRET);
  });

  it('answers ResourceNotFoundException for a secret it does not have', async () => {
    await start();

    await expect(readVapiSecrets(vapiEnv('careloop-local/missing'))).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
  });
});
