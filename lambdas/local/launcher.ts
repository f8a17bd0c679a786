/**
 * `npm start`: the whole product locally. Flags: --reset (start afresh), --port-base N
 * (shift every port by N), --data-dir DIR, --web dev|static|none, --no-seed, --ready-json
 * (print one machine-readable line when up, for the test set-ups), --call-speed realtime|instant
 * (simulated calls take 10–20 s, or a few hundred ms for tests), --vapi-auth hmac|bearer, --mfa
 * (every sign-in asks for an authenticator code, as in AWS; the first one enrols the app), --https (with
 * --web static: HTTPS and HTTP/2 as CloudFront serves, on a self-signed certificate), --verbose (print
 * every log line here; by default only the progress lines and the ready banner are printed, and the
 * rest, the functions' JSON logs, the simulators' and Vite's, go to `<data dir>/../logs/careloop.log`),
 * --memory-db (DynamoDB Local keeps the table in memory and nothing of it on disk: the test stacks).
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_OPERATOR, DEMO_ORGANIZATIONS, DEMO_PASSWORD } from './demo-data';
import { LocalStackError } from './dynamodb-local';
import { DEFAULT_PORTS, startLocalStack } from './stack';

const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    'port-base': { type: 'string', default: '0' },
    'data-dir': { type: 'string', default: '.data/local' },
    web: { type: 'string', default: 'dev' },
    'no-seed': { type: 'boolean', default: false },
    'ready-json': { type: 'boolean', default: false },
    'call-speed': { type: 'string', default: 'realtime' },
    'vapi-auth': { type: 'string', default: 'hmac' },
    mfa: { type: 'boolean', default: false },
    https: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    'memory-db': { type: 'boolean', default: false },
  },
});

const offset = Number(values['port-base']);
const web = values.web as 'dev' | 'static' | 'none';
// The launcher's own lines (progress, the banner, the ready line) always reach the terminal.
const toTerminal = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
const log = (line: string) => toTerminal.err(`[careloop] ${line}\n`);

/**
 * A calm first run: everything else written to this process's output (the functions' JSON logs,
 * the simulators', Vite's) goes to the log file, unless --verbose or --ready-json (test set-ups read
 * it all) asks for it here.
 */
function keepOtherOutputIn(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const stream = createWriteStream(file, { flags: 'a' });
  const write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const done = rest.find((arg): arg is () => void => typeof arg === 'function');
    return stream.write(chunk, done);
  }) as typeof process.stdout.write;
  process.stdout.write = write;
  process.stderr.write = write;
}
const logFile = join(dirname(values['data-dir']), 'logs', 'careloop.log');
if (!values.verbose && !values['ready-json']) keepOtherOutputIn(logFile);

async function main() {
  const started = Date.now();
  const stack = await startLocalStack({
    dataDir: values['data-dir'],
    reset: values.reset,
    memoryDb: values['memory-db'],
    ports: {
      dynamo: DEFAULT_PORTS.dynamo + offset,
      cognito: DEFAULT_PORTS.cognito + offset,
      api: DEFAULT_PORTS.api + offset,
      web: DEFAULT_PORTS.web + offset,
    },
    web,
    seed: !values['no-seed'],
    callSpeed: values['call-speed'] === 'instant' ? 'instant' : 'realtime',
    vapiAuth: values['vapi-auth'] === 'bearer' ? 'bearer' : 'hmac',
    mfa: values.mfa,
    https: values.https,
    log,
    // Without --verbose they go to the log file with everything else (keepOtherOutputIn).
    detail: values.verbose ? log : (line) => process.stderr.write(`[careloop] ${line}\n`),
  });
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    log('stopping...');
    void stack.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  if (values['ready-json']) {
    toTerminal.out(`CARELOOP_READY ${JSON.stringify({ ...stack, stop: undefined })}\n`);
    return;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const lines = [
    '',
    `CareLoop is running (started in ${seconds} s)${stack.seeded ? ' with a fresh demo' : ''}.`,
    '',
    `  Web app      ${stack.webUrl ?? '(not started)'}${values.https ? "  (HTTP/2, self-signed: accept the browser's warning once)" : ''}`,
    `  API          ${stack.apiUrl}`,
    `  Cognito      ${stack.cognitoUrl}  (pool ${stack.userPoolId}, client ${stack.userPoolClientId})`,
    `  DynamoDB     ${stack.dynamoEndpoint}  (table ${stack.tableName})`,
    `  Outbox       ${stack.apiUrl}/local/outbox  (e-mails and texts the simulators "sent")`,
    `  Logs         ${values.verbose ? '(printed here: --verbose)' : `${logFile}  (\`npm start -- --verbose\` prints them here)`}`,
    '',
    `  Demo sign-ins (password ${DEMO_PASSWORD}${values.mfa ? '; two-factor sign-in is on: the first sign-in enrols an authenticator app' : ''}):`,
    `    operator   ${DEMO_OPERATOR.email}`,
    ...DEMO_ORGANIZATIONS.map((o) => `    provider   ${o.staff[0].email}  (${o.name})`),
    '',
    '  Data is kept in .data/ between runs; `npm start -- --reset` starts afresh. Ctrl-C stops everything.',
    '',
  ];
  toTerminal.out(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof LocalStackError) {
    log(`cannot start: ${error.message}`);
  } else {
    log(`cannot start: ${(error as Error).stack ?? String(error)}`);
  }
  process.exit(1);
});
