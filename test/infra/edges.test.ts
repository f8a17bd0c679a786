import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Template as TemplateType } from 'aws-cdk-lib/assertions';
import { Template } from 'aws-cdk-lib/assertions';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_ERRORS } from '../../infra/constructs/careloop-api';
import { REPO_ROOT } from '../../infra/config';
import { functionEntries } from '../../lambdas/function-entries';
import { ROUTES } from '../../lambdas/routes';
import { apiResourcePaths, SYNTH_TIMEOUT_MS, synthesizeCareLoopApp } from './synth-app';

/** Issue 10 "Edges": what API Gateway, WAF and the deployed code may and may not carry. */

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

let stateless: TemplateType;
let resources: Resources;
/** The API routes' nested stack's resources. */
let apiResources: Resources;

beforeAll(() => {
  const app = synthesizeCareLoopApp();
  stateless = Template.fromStack(app.stateless);
  resources = stateless.toJSON().Resources as Resources;
  const routesStack = app.stateless.api.routesStack;
  if (!routesStack) throw new Error('the API has no routes stack');
  apiResources = Template.fromStack(routesStack).toJSON().Resources as Resources;
}, SYNTH_TIMEOUT_MS);

const ofType = (type: string) => Object.values(resources).filter((r) => r.Type === type);

describe("API Gateway's own answers", () => {
  it('carry nosniff, HSTS and the CORS origin of the app on authorizer refusals and every default 4XX/5XX', () => {
    const responses = new Map(
      ofType('AWS::ApiGateway::GatewayResponse').map((r) => [
        String(r.Properties.ResponseType),
        r.Properties.ResponseParameters as Record<string, unknown>,
      ]),
    );
    expect([...responses.keys()].sort()).toEqual(GATEWAY_ERRORS.map((e) => e.type).sort());
    for (const type of ['UNAUTHORIZED', 'ACCESS_DENIED', 'DEFAULT_4XX', 'DEFAULT_5XX']) {
      const headers = responses.get(type);
      expect(headers, type).toMatchObject({
        'gatewayresponse.header.X-Content-Type-Options': "'nosniff'",
        'gatewayresponse.header.Strict-Transport-Security': "'max-age=63072000; includeSubDomains'",
        'gatewayresponse.header.Content-Type': "'application/json'",
      });
      // The web distribution's origin, as the handlers' CORS_ALLOW_ORIGIN: never any origin.
      const origin = JSON.stringify(headers?.['gatewayresponse.header.Access-Control-Allow-Origin']);
      expect(origin, type).toContain("'https://");
      expect(origin, type).not.toContain('*');
    }
  });
});

describe('WAF logs', () => {
  it('redact the Authorization header and the query string', () => {
    const [logging, ...others] = ofType('AWS::WAFv2::LoggingConfiguration');
    expect(others).toHaveLength(0);
    expect(logging?.Properties.RedactedFields).toEqual(
      expect.arrayContaining([{ SingleHeader: { Name: 'authorization' } }, { QueryString: {} }]),
    );
  });
});

describe('the local outbox and other local-mode routes are never deployed', () => {
  it('has no manifest route and no API resource under /local', () => {
    const routePaths: string[] = ROUTES.map((r) => r.path);
    expect(routePaths.filter((p) => p === '/local' || p.startsWith('/local/'))).toEqual([]);
    const paths = [...apiResourcePaths(apiResources).values()];
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((p) => p === '/local' || p.startsWith('/local/'))).toEqual([]);
  });

  it('keeps lambdas/local out of the CDK app and every function, directly or through other modules', () => {
    const localDir = join(REPO_ROOT, 'lambdas', 'local');
    const entries = [
      ...sourceFiles(join(REPO_ROOT, 'bin')),
      ...sourceFiles(join(REPO_ROOT, 'infra')),
      ...functionEntries().values(),
    ];
    expect(entries.length).toBeGreaterThan(10);
    // The plain text first: no import names the local folder.
    for (const file of entries) {
      expect(readFileSync(file, 'utf8'), relative(REPO_ROOT, file)).not.toMatch(
        /['"`][^'"`]*(\.\.\/local|lambdas\/local)\b/,
      );
    }
    // Then everything they import, followed file by file.
    const reached = importClosure(entries);
    expect(reached.size).toBeGreaterThan(entries.length);
    expect([...reached].filter((file) => file.startsWith(`${localDir}/`)).map((f) => relative(REPO_ROOT, f))).toEqual(
      [],
    );
  });
});

/** The .ts files under a folder, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every project file the entries import, transitively (static imports, re-exports, literal dynamic imports). */
function importClosure(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveModule(resolve(dirname(file), fileName));
      if (target) queue.push(target);
    }
  }
  return seen;
}

function resolveModule(base: string): string | undefined {
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')];
  return candidates.find((path) => {
    try {
      return statSync(path).isFile() && /\.tsx?$/.test(path);
    } catch {
      return false;
    }
  });
}
