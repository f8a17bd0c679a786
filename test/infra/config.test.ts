import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { readConfig, REPO_ROOT } from '../../infra/config';

const cdkJsonContext = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }
).context;
const configWith = (context: Record<string, unknown>) =>
  readConfig(new App({ context: { ...cdkJsonContext, ...context } }).node);

describe('Vapi configuration from CDK context', () => {
  it("reads cdk.json's defaults", () => {
    expect(configWith({}).vapi).toEqual({
      baseUrl: 'https://api.vapi.ai',
      assistantId: 'set-vapi-assistant-id',
      phoneNumberId: 'set-vapi-phone-number-id',
      modelProvider: 'openai',
      model: 'gpt-4o',
      webhookAuth: 'hmac',
      webhookCredentialId: '',
    });
  });

  it('takes vendor ids and the webhook check from context', () => {
    const { vapi } = configWith({
      vapiAssistantId: 'asst-123',
      vapiPhoneNumberId: 'pn-456',
      vapiWebhookAuth: 'bearer',
      vapiBaseUrl: 'https://api.vapi.ai/',
    });
    expect(vapi).toMatchObject({
      assistantId: 'asst-123',
      phoneNumberId: 'pn-456',
      webhookAuth: 'bearer',
      baseUrl: 'https://api.vapi.ai',
    });
  });

  it('refuses a webhook check other than hmac or bearer, and a base URL without https', () => {
    expect(() => configWith({ vapiWebhookAuth: 'none' })).toThrow(/"vapiWebhookAuth" must be "hmac" or "bearer"/);
    expect(() => configWith({ vapiBaseUrl: 'http://api.vapi.ai' })).toThrow(/"vapiBaseUrl" must be an https URL/);
  });

  it('refuses the placeholder assistant and phone-number ids in production only', () => {
    expect(() => configWith({ stage: 'prod', vapiPhoneNumberId: 'pn-456' })).toThrow(
      /"vapiAssistantId" is still the placeholder/,
    );
    expect(() => configWith({ stage: 'prod', vapiAssistantId: 'asst-123' })).toThrow(
      /"vapiPhoneNumberId" is still the placeholder/,
    );
    expect(configWith({ stage: 'prod', vapiAssistantId: 'asst-123', vapiPhoneNumberId: 'pn-456' }).isProduction).toBe(
      true,
    );
  });
});
