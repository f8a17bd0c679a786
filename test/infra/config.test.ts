import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { readConfig, REPO_ROOT, USAGE_ALARM_DEFAULTS } from '../../infra/config';

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
      recordingEnabled: false,
      spanishVoiceId: '',
    });
  });

  it("gives Spanish calls the deployment's Spanish voice when it names one", () => {
    expect(configWith({ vapiVoiceIdEs: 'spanish-voice' }).vapi.spanishVoiceId).toBe('spanish-voice');
  });

  it("budgets calls within the Vapi account's concurrency: 10 lines unless context says more", () => {
    expect(configWith({}).callLines).toBe(10);
    expect(configWith({ vapiConcurrency: 200 }).callLines).toBe(200);
    expect(configWith({ vapiConcurrency: '20' }).callLines).toBe(20);
    expect(() => configWith({ vapiConcurrency: 0 })).toThrow(/vapiConcurrency/);
    expect(() => configWith({ vapiConcurrency: 'many' })).toThrow(/vapiConcurrency/);
  });

  it('turns call recording on only when a deployment says so', () => {
    expect(configWith({ vapiRecordingEnabled: true }).vapi.recordingEnabled).toBe(true);
    expect(configWith({ vapiRecordingEnabled: 'true' }).vapi.recordingEnabled).toBe(true);
    expect(configWith({ vapiRecordingEnabled: 'false' }).vapi.recordingEnabled).toBe(false);
    expect(() => configWith({ vapiRecordingEnabled: 'yes' })).toThrow(/vapiRecordingEnabled/);
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
    expect(
      configWith({ stage: 'prod', ...REAL_SENDERS, vapiAssistantId: 'asst-123', vapiPhoneNumberId: 'pn-456' })
        .isProduction,
    ).toBe(true);
  });
});

const REAL_SENDERS = { notificationEmailFrom: 'alerts@careloop.health', twilioSender: `MG${'4'.repeat(32)}` };

describe('notification senders from CDK context', () => {
  it("reads cdk.json's placeholders outside production, and the senders given", () => {
    expect(configWith({}).notifications).toEqual({
      emailFrom: 'notifications@example.com',
      twilioSender: 'MG00000000000000000000000000000000',
    });
    expect(
      configWith({ notificationEmailFrom: 'alerts@careloop.health', twilioSender: '+18135550142' }).notifications,
    ).toEqual({ emailFrom: 'alerts@careloop.health', twilioSender: '+18135550142' });
  });

  it('refuses a sender that is neither an address, nor a Messaging Service SID or E.164 number', () => {
    expect(() => configWith({ notificationEmailFrom: 'CareLoop' })).toThrow(
      /"notificationEmailFrom" must be an e-mail/,
    );
    expect(() => configWith({ twilioSender: '813-555-0142' })).toThrow(
      /"twilioSender" must be a Messaging Service SID/,
    );
  });

  it('refuses the placeholders in production', () => {
    const vapi = { vapiAssistantId: 'asst-123', vapiPhoneNumberId: 'pn-456' };
    expect(() => configWith({ stage: 'prod', ...vapi, twilioSender: REAL_SENDERS.twilioSender })).toThrow(
      /"notificationEmailFrom" is still the placeholder/,
    );
    expect(() =>
      configWith({ stage: 'prod', ...vapi, notificationEmailFrom: REAL_SENDERS.notificationEmailFrom }),
    ).toThrow(/"twilioSender" is still the placeholder/);
  });
});

describe('usage alarm thresholds from CDK context', () => {
  it('default, and take the numbers given', () => {
    expect(configWith({}).usageAlarms).toEqual({
      callsPerOrganizationHour: USAGE_ALARM_DEFAULTS.alarmCallsPerOrganizationHour,
      textsPerOrganizationHour: USAGE_ALARM_DEFAULTS.alarmTextsPerOrganizationHour,
      vapiDailyCostDollars: USAGE_ALARM_DEFAULTS.alarmVapiDailyCostDollars,
    });
    expect(
      configWith({
        alarmCallsPerOrganizationHour: 12,
        alarmTextsPerOrganizationHour: '30',
        alarmVapiDailyCostDollars: 250.5,
      }).usageAlarms,
    ).toEqual({ callsPerOrganizationHour: 12, textsPerOrganizationHour: 30, vapiDailyCostDollars: 250.5 });
  });

  it('refuse a threshold that is not a positive number', () => {
    expect(() => configWith({ alarmCallsPerOrganizationHour: 0 })).toThrow(
      /"alarmCallsPerOrganizationHour" must be a positive number/,
    );
    expect(() => configWith({ alarmVapiDailyCostDollars: 'lots' })).toThrow(
      /"alarmVapiDailyCostDollars" must be a positive number/,
    );
  });
});
