import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { Clock } from '../../kernel/ports';
import type { SmsEnv, VapiEnv } from '../../kernel/env';

/** A secret is read once per container and again after this long (rotation reaches warm containers). */
export const SECRET_CACHE_MS = 5 * 60_000;

/** A secret that is missing, not a JSON object, or without a key. Names the secret and key, never a value. */
export class SecretConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretConfigurationError';
  }
}

interface Cached {
  readonly expiresAt: number;
  readonly value: Promise<Record<string, unknown>>;
}

/** JSON secrets from AWS Secrets Manager, validated for the keys the caller needs and cached. */
export class SecretsManagerSecrets {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly client: SecretsManagerClient,
    private readonly clock: Clock = { now: () => new Date() },
    private readonly ttlMs: number = SECRET_CACHE_MS,
  ) {}

  async readJson<K extends string>(secretId: string, keys: readonly K[]): Promise<Record<K, string>> {
    const secret = await this.load(secretId);
    const values = {} as Record<K, string>;
    for (const key of keys) {
      const value = secret[key];
      if (typeof value !== 'string' || value === '') {
        throw new SecretConfigurationError(`Secret ${secretId} has no non-empty string value for the key ${key}`);
      }
      values[key] = value;
    }
    return values;
  }

  private load(secretId: string): Promise<Record<string, unknown>> {
    const now = this.clock.now().getTime();
    const cached = this.cache.get(secretId);
    if (cached && cached.expiresAt > now) return cached.value;
    const value = this.fetch(secretId);
    this.cache.set(secretId, { expiresAt: now + this.ttlMs, value });
    // A failed read is not remembered: the next call tries again.
    value.catch(() => {
      if (this.cache.get(secretId)?.value === value) this.cache.delete(secretId);
    });
    return value;
  }

  private async fetch(secretId: string): Promise<Record<string, unknown>> {
    const answer = await this.client.send(new GetSecretValueCommand({ SecretId: secretId }));
    if (answer.SecretString === undefined) {
      throw new SecretConfigurationError(`Secret ${secretId} has no string value (a JSON object is expected)`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.SecretString);
    } catch {
      throw new SecretConfigurationError(`Secret ${secretId} is not valid JSON (a JSON object is expected)`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new SecretConfigurationError(`Secret ${secretId} is not a JSON object`);
    }
    return parsed as Record<string, unknown>;
  }
}

export interface VapiSecrets {
  readonly apiKey: string;
  readonly webhookSecret: string;
}
const VAPI_SECRET_KEYS = ['apiKey', 'webhookSecret'] as const satisfies readonly (keyof VapiSecrets)[];

/** One reader per container (per endpoint), so the cache outlives a single invocation. */
const readers = new Map<string, SecretsManagerSecrets>();

function readerFor(env: { region: string; secretsEndpoint: string | undefined }): SecretsManagerSecrets {
  const key = `${env.region}|${env.secretsEndpoint ?? ''}`;
  let reader = readers.get(key);
  if (!reader) {
    reader = new SecretsManagerSecrets(
      new SecretsManagerClient({
        region: env.region,
        ...(env.secretsEndpoint ? { endpoint: env.secretsEndpoint } : {}),
      }),
    );
    readers.set(key, reader);
  }
  return reader;
}

export function readVapiSecrets(env: VapiEnv): Promise<VapiSecrets> {
  return readerFor(env).readJson(env.secretId, VAPI_SECRET_KEYS);
}

export interface TwilioSecrets {
  readonly accountSid: string;
  readonly authToken: string;
}
const TWILIO_SECRET_KEYS = ['accountSid', 'authToken'] as const satisfies readonly (keyof TwilioSecrets)[];

export function readTwilioSecrets(env: SmsEnv): Promise<TwilioSecrets> {
  return readerFor(env).readJson(env.secretId, TWILIO_SECRET_KEYS);
}
