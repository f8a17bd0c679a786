// The Messages resource alone, on twilio's own client and HTTP layer (what `twilio()` is made of):
// about 0.4 MB in a function's bundle where the whole `twilio()` client brings 3.7 MB.
import BaseTwilio from 'twilio/lib/base/BaseTwilio.js';
import DomainExport from 'twilio/lib/base/Domain.js';
import RequestClient from 'twilio/lib/base/RequestClient.js';
import VersionExport from 'twilio/lib/base/Version.js';
import type V2010 from 'twilio/lib/rest/api/V2010.js';
import { MessageListInstance } from 'twilio/lib/rest/api/v2010/account/message.js';
import type { TwilioSecrets } from '../secrets/secrets-manager-secrets';
import type { SmsEnv } from '../../kernel/env';
import type { MessageListInstanceCreateOptions } from 'twilio/lib/rest/api/v2010/account/message.js';

/** The one request the adapter makes (a Messages list of the twilio client, or a test double). */
export type TwilioMessages = { create(params: MessageListInstanceCreateOptions): Promise<{ sid: string }> };

export const TWILIO_API_ORIGIN = 'https://api.twilio.com';
/** Long enough for Twilio to queue a message, short enough to leave the job time for the other channels. */
export const TWILIO_TIMEOUT_MS = 10_000;

/**
 * Twilio's compiled `export default` classes: Node's ESM loader (and the esbuild bundle) hand over
 * `module.exports`, which holds the class as `default`; Vitest hands over the class itself.
 */
function compiledDefault<T>(imported: T): T {
  return typeof imported === 'function' ? imported : (imported as { default: T }).default;
}
const Domain = compiledDefault(DomainExport);
const Version = compiledDefault(VersionExport);

/** Twilio's HTTP layer, sending every request to `origin` instead of api.twilio.com (TWILIO_BASE_URL). */
class OriginRequestClient extends RequestClient {
  constructor(
    private readonly origin: string,
    options: RequestClient.RequestClientOptions,
  ) {
    super(options);
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const url = new URL(opts.uri);
    return super.request({ ...opts, uri: `${this.origin}${url.pathname}${url.search}` });
  }
}

/** Twilio's Messages list for these credentials, through `env.baseUrl` when set (the local simulator). */
export function createTwilioMessages(env: SmsEnv, secrets: TwilioSecrets): TwilioMessages {
  const origin = (env.baseUrl ?? TWILIO_API_ORIGIN).replace(/\/+$/, '');
  const client = new BaseTwilio.Client(secrets.accountSid, secrets.authToken, {
    httpClient: new OriginRequestClient(origin, { timeout: TWILIO_TIMEOUT_MS }),
  });
  const api = new Version(new Domain(client, TWILIO_API_ORIGIN), '2010-04-01') as unknown as V2010;
  return MessageListInstance(api, secrets.accountSid);
}
