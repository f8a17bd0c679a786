/**
 * Local mode: the whole product on one machine, on real stand-ins. Used by `npm start`
 * (launcher.ts) and by the integration and browser test set-ups.
 */
import { createServer as createNetServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { callScheduler, identityDirectory, tableDeps } from '../composition-root';
import { readCallLines, type VapiWebhookAuth } from '../kernel/env';
import { localAwsEnvironment, startLocalAwsServices } from './aws-services';
import { startCognitoLocal } from './cognito-local';
import { ensureTable, LocalStackError, startDynamoLocal } from './dynamodb-local';
import { startGateway } from './gateway';
import { invokeJob } from './invoke';
import { FileOutbox } from './outbox';
import { seedDemo } from './seed';
import { localCertificate } from './local-certificate';
import { startStaticWeb, stopStaticWeb } from './static-web';
import { startTwilioSimulator } from '../vendors/twilio/twilio-simulator';
import { startVoiceSimulator } from '../vendors/vapi/simulator/voice-simulator';
import { CALLS_ROUTES } from '../../shared/api/routes/calls';
import { TEXTS_ROUTES } from '../../shared/api/routes/texts';

export interface StackOptions {
  dataDir: string;
  reset: boolean;
  /**
   * DynamoDB Local keeps the table in memory, not in `<dataDir>/dynamodb`: for test stacks, which
   * start afresh and are thrown away. On disk each write waits for SQLite's file: measured side by
   * side, 6,000 mixed requests took 2.5 to 3 times as long (issue 27 item 6).
   */
  memoryDb?: boolean;
  ports: { dynamo: number; cognito: number; api: number; web: number };
  /** dev: Vite dev server; static: the built web/dist; none: API only. */
  web: 'dev' | 'static' | 'none';
  /**
   * Serve the static build over HTTPS with HTTP/2, as CloudFront does (a self-signed certificate
   * made once per data directory: local-certificate.ts). For figures that count connections.
   */
  https?: boolean;
  seed: boolean;
  /** `realtime`: a simulated call takes 10–20 s (people watch it); `instant`: a few hundred ms (tests). */
  callSpeed: 'realtime' | 'instant';
  /** The Vapi webhook credential the simulator uses and the webhook checks. */
  vapiAuth: VapiWebhookAuth;
  /** TOTP MFA at every sign-in, as the AWS user pool requires; off for the demo unless `--mfa`. */
  mfa?: boolean;
  /** Progress: what starts, what is seeded. */
  log: (line: string) => void;
  /** The stand-ins' own lines (schedules created, messages sent); default: `log`. */
  detail?: (line: string) => void;
}

export const DEFAULT_PORTS = { dynamo: 8000, cognito: 9229, api: 3001, web: 5173 } as const;
export const TABLE_NAME = 'careloop-local';

export interface RuntimeConfig {
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint: string;
  /** The browser's voice SDK: Vapi's, or the simulated call source (local mode has no Vapi). */
  voiceSdk: 'vapi' | 'simulated';
}

export const LOCAL_VAPI_SECRET_ID = 'careloop-local/vapi';
export const LOCAL_TWILIO_SECRET_ID = 'careloop-local/twilio';
/** The local account's Messaging Service (TWILIO_SENDER) and the number behind it. */
export const LOCAL_TWILIO_MESSAGING_SERVICE = `MG${'0'.repeat(30)}01`;
export const LOCAL_TWILIO_NUMBER = '+18135550100';
/**
 * The local account's other numbers, +18135550101 to +18135550150: one per organization (the
 * demo's take the first ones; an operator gives a new organization a free one). The simulator
 * refuses a send from any other number, as Twilio does.
 */
export const LOCAL_TWILIO_SENDER_NUMBERS = Array.from(
  { length: 50 },
  (_, i) => `+18135550${String(101 + i).padStart(3, '0')}`,
);
/** The verified SES identity of local mode (EMAIL_FROM). */
export const LOCAL_EMAIL_FROM = 'notifications@careloop.local';

/** The local Vapi secret: made once per data directory, like the generated one in AWS. */
function localVapiSecret(dataDir: string): { apiKey: string; webhookSecret: string } {
  const file = join(dataDir, 'vapi-secret.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ReturnType<typeof localVapiSecret>;
  const secret = {
    apiKey: `local-${randomBytes(16).toString('hex')}`,
    webhookSecret: randomBytes(32).toString('hex'),
  };
  writeFileSync(file, JSON.stringify(secret), { mode: 0o600 });
  return secret;
}

/** The local Twilio account: made once per data directory, like the one filled in after a deploy. */
function localTwilioSecret(dataDir: string): { accountSid: string; authToken: string } {
  const file = join(dataDir, 'twilio-secret.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ReturnType<typeof localTwilioSecret>;
  const secret = { accountSid: `AC${randomBytes(16).toString('hex')}`, authToken: randomBytes(16).toString('hex') };
  writeFileSync(file, JSON.stringify(secret), { mode: 0o600 });
  return secret;
}

export interface RunningStack {
  webUrl: string | null;
  /** The only origin whose pages may read the local servers' answers (CORS): the web app's, else the API's. */
  webOrigin: string;
  apiUrl: string;
  /** Local EventBridge Scheduler / EventBridge / Secrets Manager, with test hooks under /local/. */
  awsUrl: string;
  /** The voice simulator (Vapi's REST API). */
  voiceUrl: string;
  /** The Twilio simulator (Twilio's Messages API). */
  twilioUrl: string;
  cognitoUrl: string;
  dynamoEndpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  tableName: string;
  seeded: boolean;
  stop(): Promise<void>;
}

function assertPortFree(port: number, what: string): Promise<void> {
  return new Promise((resolvePort, reject) => {
    const probe = createNetServer();
    probe.once('error', () =>
      reject(
        new LocalStackError(
          `Port ${port} (${what}) is already in use. Stop the program using it (\`lsof -i :${port}\`), ` +
            'or stop the other CareLoop instance, then run `npm start` again.',
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolvePort()));
  });
}

export async function startLocalStack(options: StackOptions): Promise<RunningStack> {
  const { ports, log } = options;
  const detail = options.detail ?? log;
  if (options.https && options.web !== 'static') {
    throw new LocalStackError('--https serves the static build: use it with --web static.');
  }
  const checks: [number, string][] = [
    [ports.dynamo, 'DynamoDB Local'],
    [ports.cognito, 'cognito-local'],
    [ports.api, 'local API gateway'],
  ];
  if (options.web !== 'none') checks.push([ports.web, 'web app']);
  for (const [port, what] of checks) await assertPortFree(port, what);

  if (options.reset) rmSync(options.dataDir, { recursive: true, force: true });
  mkdirSync(options.dataDir, { recursive: true });
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
  };

  try {
    log('starting DynamoDB Local (Java)...');
    const dynamo = await startDynamoLocal({
      port: ports.dynamo,
      dataDir: options.memoryDb ? null : join(options.dataDir, 'dynamodb'),
    });
    stops.push(dynamo.stop);
    const { created, addedIndexes } = await ensureTable(dynamo.client, TABLE_NAME);
    log(
      created
        ? `created table ${TABLE_NAME} from the table schema`
        : `table ${TABLE_NAME} ready${addedIndexes.length ? ` (indexes added: ${addedIndexes.join(', ')})` : ''}`,
    );

    const apiUrl = `http://127.0.0.1:${ports.api}`;
    const webUrl = options.web === 'none' ? null : `${options.https ? 'https' : 'http'}://127.0.0.1:${ports.web}`;
    const webOrigin = webUrl ?? apiUrl;
    const outbox = new FileOutbox(join(options.dataDir, 'outbox.json'));

    log('starting cognito-local and its compatibility proxy...');
    const cognito = await startCognitoLocal({
      dataDir: join(options.dataDir, 'cognito'),
      port: ports.cognito,
      apiUrl,
      webOrigin,
      outbox,
      mfa: options.mfa ?? false,
      // The same handler as the user pool's trigger in AWS, with the event Cognito sends it.
      postConfirmation: async (event) => {
        await invokeJob('post-confirmation', {
          version: '1',
          region: 'us-east-1',
          userPoolId: event.userPoolId,
          userName: event.userName,
          callerContext: { awsSdkVersion: 'local', clientId: 'CLIENT_ID_NOT_APPLICABLE' },
          triggerSource: 'PostConfirmation_ConfirmSignUp',
          request: event.request,
          response: {},
        });
      },
    });
    stops.push(cognito.stop);

    // The handlers read the same variables as in Lambda; only the endpoints point at stand-ins.
    Object.assign(process.env, {
      TABLE_NAME,
      USER_POOL_ID: cognito.userPoolId,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      COGNITO_ENDPOINT: cognito.url,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      // The demo operator is seeded a settings admin; accounts created with these e-mails start as one.
      SETTINGS_ADMIN_EMAILS: process.env.SETTINGS_ADMIN_EMAILS ?? '',
      POWERTOOLS_SERVICE_NAME: 'careloop-local',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      POWERTOOLS_METRICS_DISABLED: 'true',
      // As the CDK sets it per function: the only origin whose pages may read the API's answers.
      CORS_ALLOW_ORIGIN: webOrigin,
    });

    log('starting the local scheduler, bus, secrets and e-mail...');
    const vapiSecret = localVapiSecret(options.dataDir);
    const twilioSecret = localTwilioSecret(options.dataDir);
    const aws = await startLocalAwsServices({
      port: 0,
      dataDir: join(options.dataDir, 'aws'),
      secrets: {
        [LOCAL_VAPI_SECRET_ID]: JSON.stringify(vapiSecret),
        [LOCAL_TWILIO_SECRET_ID]: JSON.stringify(twilioSecret),
      },
      rateJobs: true,
      sesIdentities: [LOCAL_EMAIL_FROM],
      tableStream: { dynamoEndpoint: dynamo.endpoint, tableName: TABLE_NAME },
      webOrigin,
      outbox,
      log: detail,
    });
    stops.push(aws.stop);

    log('starting the voice simulator...');
    const voice = await startVoiceSimulator({
      port: 0,
      apiKey: vapiSecret.apiKey,
      webhookUrl: `${apiUrl}${CALLS_ROUTES.vapiMessage.resource}`,
      getWebhookSecret: () => Promise.resolve(vapiSecret.webhookSecret),
      auth: options.vapiAuth,
      speed: options.callSpeed,
      // The same setting as the deployment's budget of call slots (VAPI_CONCURRENCY, default 10).
      concurrencyLimit: readCallLines(),
      log: detail,
    });
    stops.push(voice.stop);

    log('starting the Twilio simulator...');
    const twilio = await startTwilioSimulator({
      port: 0,
      ...twilioSecret,
      numbers: [LOCAL_TWILIO_NUMBER, ...LOCAL_TWILIO_SENDER_NUMBERS],
      messagingServiceSids: [LOCAL_TWILIO_MESSAGING_SERVICE],
      outbox,
      // The number's inbound URL (TWILIO_WEBHOOK_BASE_URL below + /inbound): the outbox page's replies.
      inboundUrl: `${apiUrl}${TEXTS_ROUTES.twilioInbound.resource}`,
      log: detail,
    });
    stops.push(twilio.stop);

    Object.assign(process.env, localAwsEnvironment(aws.url), {
      VAPI_SECRET_ID: LOCAL_VAPI_SECRET_ID,
      VAPI_BASE_URL: voice.url,
      VAPI_ASSISTANT_ID: 'local-care-assistant',
      VAPI_PHONE_NUMBER_ID: 'local-phone-number',
      VAPI_MODEL_PROVIDER: 'openai',
      VAPI_MODEL: 'gpt-4o',
      VAPI_WEBHOOK_URL: `${apiUrl}${CALLS_ROUTES.vapiMessage.resource}`,
      VAPI_WEBHOOK_AUTH: options.vapiAuth,
      EMAIL_FROM: LOCAL_EMAIL_FROM,
      TWILIO_SECRET_ID: LOCAL_TWILIO_SECRET_ID,
      TWILIO_SENDER: LOCAL_TWILIO_MESSAGING_SERVICE,
      TWILIO_BASE_URL: twilio.url,
      // The public base URL Twilio signs its webhooks with (status callbacks and inbound texts).
      TWILIO_WEBHOOK_BASE_URL: `${apiUrl}/webhooks/twilio`,
      // Links in messages open the web app (the API itself when local mode runs without it).
      WEB_ORIGIN: webOrigin,
    });

    if (addedIndexes.length > 0) {
      // Records written before the new indexes lack their read models: built as a deploy would, by the job.
      log('rebuilding the worklist read models for the new indexes...');
      await invokeJob('rebuild-worklist', {});
    }

    if (!created) {
      // A table kept from before E.164 numbers holds numbers as typed: re-written as a deploy's run would.
      await invokeJob('migrate-phones', {});
    }

    let seeded = false;
    if (created && options.seed) {
      log('seeding the demo (operator, two organizations, patients, care plans, EMR notes, call history)...');
      const table = tableDeps();
      const result = await seedDemo({ ...table, identity: identityDirectory(), scheduler: callScheduler(table.clock) });
      log(`seeded ${result.patients} patients and ${result.calls} calls`);
      // The latest escalations are told to the staff as the notifier would have: e-mails and texts
      // with summary links land in the outbox. The job runs directly (not through the bus), so no
      // follow-up check-ins are scheduled for past calls.
      for (const escalation of result.escalations) {
        await invokeJob('notify-call', {
          version: '0',
          id: randomBytes(8).toString('hex'),
          'detail-type': 'call.completed',
          source: 'careloop',
          account: '000000000000',
          time: new Date().toISOString(),
          region: 'us-east-1',
          resources: [],
          detail: { ...escalation, status: 'completed', outcome: 'answered' },
        }).catch((error: unknown) => log(`demo notification not sent: ${(error as Error).name}`));
      }
      seeded = true;
    }

    // The forecast job runs hourly; once now, so the operators' dashboard shows one from the start.
    await invokeJob('forecast-call-lines', {});

    log('starting the local API gateway...');
    const gateway = await startGateway({
      port: ports.api,
      cognitoUrl: cognito.url,
      userPoolId: cognito.userPoolId,
      clientId: cognito.clientId,
      outbox,
      webOrigin,
      receiveInbound: (text) => twilio.receiveInbound(text),
    });
    stops.push(gateway.stop);

    const runtimeConfig: RuntimeConfig = {
      apiUrl,
      region: 'us-east-1',
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.clientId,
      userPoolEndpoint: cognito.url,
      voiceSdk: 'simulated',
    };
    if (options.web === 'dev') {
      log('starting the web app (Vite)...');
      process.env.CARELOOP_RUNTIME_CONFIG = JSON.stringify(runtimeConfig);
      const { createServer } = await import('vite');
      const vite = await createServer({
        configFile: resolve('web/vite.config.ts'),
        server: { port: ports.web, host: '127.0.0.1', strictPort: true },
        logLevel: 'warn',
      });
      await vite.listen();
      stops.push(() => vite.close());
    } else if (options.web === 'static') {
      const root = resolve('web/dist');
      if (!existsSync(join(root, 'index.html'))) {
        throw new LocalStackError('web/dist is missing: run `npm run build:web` first.');
      }
      const tls = options.https ? localCertificate(join(options.dataDir, 'tls')) : undefined;
      const server = await startStaticWeb({ root, port: ports.web, runtimeConfig, tls });
      stops.push(() => stopStaticWeb(server));
    }

    return {
      webUrl,
      webOrigin,
      apiUrl,
      awsUrl: aws.url,
      voiceUrl: voice.url,
      twilioUrl: twilio.url,
      cognitoUrl: cognito.url,
      dynamoEndpoint: dynamo.endpoint,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.clientId,
      tableName: TABLE_NAME,
      seeded,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
