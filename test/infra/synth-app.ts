import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { createCareLoopApp } from '../../infra/app';
import type { CareLoopApp } from '../../infra/app';
import { REPO_ROOT } from '../../infra/config';

export interface SynthesizedCareLoopApp extends CareLoopApp {
  readonly assembly: CloudAssembly;
}

export interface SynthOptions {
  /** Extra CDK context, on top of cdk.json's. */
  readonly context?: Record<string, unknown>;
  /**
   * Run CDK's built-in CloudFormation template validation, as `cdk synth` does. It costs about
   * 15 s per process, so only the validation test file turns it on.
   */
  readonly templateValidation?: boolean;
}

/** Long enough for one synthesis on a busy 2-core machine. */
export const SYNTH_TIMEOUT_MS = 120_000;

/**
 * Builds and synthesizes the CareLoop app the way `cdk synth` does (cdk.json context, cdk-nag
 * plugins), minus esbuild bundling. Call once per test file (in `beforeAll`, with SYNTH_TIMEOUT_MS).
 */
export function synthesizeCareLoopApp(options: SynthOptions = {}): SynthesizedCareLoopApp {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const careloop = createCareLoopApp({
    context: {
      ...cdkJson.context,
      'aws:cdk:bundling-stacks': [],
      ...options.context,
    },
    builtinCloudFormationValidation: options.templateValidation ?? false,
  });
  // Stage.synth() caches the assembly: Template.fromStack reuses it.
  const assembly = careloop.app.synth();
  return { ...careloop, assembly };
}

type CfnResources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

/** Maps each API Gateway resource's logical id to its full path (`/patients/{patientId}`). */
export function apiResourcePaths(resources: CfnResources): Map<string, string> {
  const paths = new Map<string, string>();
  const pathOf = (logicalId: string): string => {
    const known = paths.get(logicalId);
    if (known !== undefined) return known;
    const properties = resources[logicalId]?.Properties ?? {};
    // A resource under the root names the API's root resource (a parameter in the routes' nested stack).
    const parent = properties.ParentId as { Ref?: string } | undefined;
    const parentPath =
      parent?.Ref && resources[parent.Ref]?.Type === 'AWS::ApiGateway::Resource' ? pathOf(parent.Ref) : '';
    const path = `${parentPath}/${String(properties.PathPart)}`;
    paths.set(logicalId, path);
    return path;
  };
  for (const [logicalId, resource] of Object.entries(resources)) {
    if (resource.Type === 'AWS::ApiGateway::Resource') pathOf(logicalId);
  }
  return paths;
}
