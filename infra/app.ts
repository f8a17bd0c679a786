import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Tags, Validations } from 'aws-cdk-lib';
import type { AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import { buildOpenApiDocument } from '../lambdas/openapi';
import type { CareLoopConfig } from './config';
import { readConfig } from './config';
import { MonitoringStack } from './stacks/monitoring-stack';
import { StatefulStack } from './stacks/stateful-stack';
import { StatelessStack } from './stacks/stateless-stack';
import { WebContentStack } from './stacks/web-content-stack';
import { WebStack } from './stacks/web-stack';

export interface CareLoopApp {
  readonly app: App;
  readonly config: CareLoopConfig;
  readonly stateful: StatefulStack;
  readonly web: WebStack;
  readonly stateless: StatelessStack;
  readonly webContent: WebContentStack;
  readonly monitoring: MonitoringStack;
}

/**
 * Builds the CareLoop app: five stacks split by lifecycle, deployed in this order by `cdk deploy --all`:
 * Stateful → Web (bucket + CDN) → Stateless (API, functions, scheduling) → WebContent → Monitoring.
 * cdk-nag's AWS Solutions and HIPAA Security packs validate every synth.
 */
export function createCareLoopApp(props: AppProps = {}): CareLoopApp {
  const app = new App(props);
  const config = readConfig(app.node);
  const env = config.env;
  const name = (part: string) => `CareLoop-${config.stage}-${part}`;
  const terminationProtection = config.isProduction;

  const stateful = new StatefulStack(app, name('Stateful'), {
    config,
    env,
    terminationProtection,
    description: `CareLoop ${config.stage}: user pool, table, keys, secrets`,
  });
  const web = new WebStack(app, name('Web'), {
    config,
    env,
    terminationProtection,
    description: `CareLoop ${config.stage}: web bucket and CloudFront distribution`,
  });
  const stateless = new StatelessStack(app, name('Stateless'), {
    config,
    env,
    terminationProtection,
    description: `CareLoop ${config.stage}: REST API, WAF, functions, jobs, event bus, call scheduling`,
    table: stateful.table,
    auditArchiveBucket: stateful.auditArchiveBucket,
    dataKey: stateful.dataKey,
    telemetryKey: stateful.telemetryKey,
    userPool: stateful.userPool,
    vapiSecret: stateful.vapiSecret,
    twilioSecret: stateful.twilioSecret,
    webOrigin: web.webOrigin,
  });
  const webContent = new WebContentStack(app, name('WebContent'), {
    config,
    env,
    terminationProtection,
    description: `CareLoop ${config.stage}: web app build and runtime-config.json`,
    bucket: web.bucket,
    distribution: web.distribution,
    telemetryKey: stateful.telemetryKey,
    runtimeConfig: {
      apiUrl: stateless.api.url,
      region: stateless.region,
      userPoolId: stateful.userPool.userPoolId,
      userPoolClientId: stateful.userPoolClient.userPoolClientId,
    },
  });
  const monitoring = new MonitoringStack(app, name('Monitoring'), {
    config,
    env,
    terminationProtection,
    description: `CareLoop ${config.stage}: alarms and on-call topic`,
    telemetryKey: stateful.telemetryKey,
    api: stateless.api.api,
    apiAccessLogs: stateless.api.accessLogs,
    functions: new Map([...stateless.functions].map(([fnName, fn]) => [fnName, fn.function])),
    scheduleDeadLetterQueue: stateless.scheduleDeadLetterQueue,
    scheduleGroup: stateless.scheduleGroup,
    jobDeadLetterQueues: stateless.jobDeadLetterQueues,
    jobScheduleGroup: stateless.jobScheduleGroup,
  });

  for (const stack of [stateful, web, stateless, webContent, monitoring]) {
    Tags.of(stack).add('app', 'careloop');
    Tags.of(stack).add('stage', config.stage);
  }

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new HIPAASecurityChecks(app));

  return { app, config, stateful, web, stateless, webContent, monitoring };
}

/**
 * Writes the API's OpenAPI document (lambdas/openapi.ts) into the cloud assembly directory, beside
 * the templates, so the contract ships with the assembly a deploy uses. Run after synth.
 */
export function writeOpenApiDocument(outdir: string): string {
  mkdirSync(outdir, { recursive: true });
  const file = join(outdir, 'openapi.json');
  writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
  return file;
}
