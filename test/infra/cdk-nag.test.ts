import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import type { NagPack } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { isStaffAccess, ROUTES } from '../../lambdas/routes';
import type { SynthesizedCareLoopApp } from './synth-app';
import { SYNTH_TIMEOUT_MS, synthesizeCareLoopApp } from './synth-app';

interface ValidationReport {
  readonly pluginReports: readonly {
    readonly pluginName: string;
    readonly violations: readonly {
      readonly ruleName: string;
      readonly severity: string;
      readonly violatingConstructs: readonly {
        readonly constructPath?: string;
      }[];
    }[];
  }[];
}

interface Acknowledgement {
  readonly path: string;
  readonly id: string;
  readonly reason: string;
}

let careloop: SynthesizedCareLoopApp;
let report: ValidationReport;

beforeAll(() => {
  // Let synthesis finish even with findings, so the test lists them instead of throwing the raw report.
  careloop = synthesizeCareLoopApp({
    context: { '@aws-cdk/core:failSynthOnValidationErrors': false },
    templateValidation: true,
  });
  report = JSON.parse(
    readFileSync(join(careloop.assembly.directory, 'validation-report.json'), 'utf8'),
  ) as ValidationReport;
}, SYNTH_TIMEOUT_MS);

function acknowledgements(): Acknowledgement[] {
  return careloop.app.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, unknown>).map(([id, reason]) => ({
          path: construct.node.path,
          id: id.replace(/^annotation::/i, ''),
          reason: typeof reason === 'string' ? reason : JSON.stringify(reason),
        })),
      ),
  );
}

describe('validation of the synthesized app (cdk-nag AwsSolutions + HIPAA.Security, CDK)', () => {
  it('leaves no unacknowledged finding, error or warning', () => {
    const findings = report.pluginReports
      .filter((plugin) => ['AwsSolutions', 'HIPAA.Security'].includes(plugin.pluginName))
      .flatMap((plugin) =>
        plugin.violations.flatMap((violation) =>
          violation.violatingConstructs.map(
            (construct) => `${violation.severity} ${violation.ruleName} at ${construct.constructPath ?? '?'}`,
          ),
        ),
      );
    expect(findings).toEqual([]);
  });

  it("leaves no finding from CDK's template validation or construct annotations", () => {
    const annotations = report.pluginReports
      .filter((plugin) => !['AwsSolutions', 'HIPAA.Security'].includes(plugin.pluginName))
      .flatMap((plugin) => plugin.violations.map((violation) => `${plugin.pluginName}: ${violation.ruleName}`));
    expect(annotations).toEqual([]);
  });

  it('gives every acknowledgement a specific written reason', () => {
    const acks = acknowledgements();
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) expect(ack.reason.length, `${ack.id} at ${ack.path}`).toBeGreaterThanOrEqual(40);
  });

  it('acknowledges a missing authorizer (APIG4, COG4) only on the webhook and link routes', () => {
    // And the root's mock method, which answers 404 from API Gateway itself (CareLoopApi).
    const unauthorized = [
      ...ROUTES.filter((route) => !isStaffAccess(route.access)).map(
        (route) => `/Api/Default${route.path}/${route.method}`,
      ),
      '/Api/Default/ANY',
    ];
    expect(unauthorized.length).toBeGreaterThan(0);
    for (const id of ['AwsSolutions-APIG4', 'AwsSolutions-COG4']) {
      const paths = acknowledgements()
        .filter((ack) => ack.id === id)
        .map((ack) => ack.path.replace(/^.*(?=\/Api\/Default\/)/, ''));
      expect(paths.sort(), id).toEqual(unauthorized.sort());
    }
  });

  it('acknowledges only findings that exist (no stale acknowledgement)', () => {
    const rawFindings: { rule: string; path: string }[] = [];
    for (const pack of [new AwsSolutionsChecks(), new HIPAASecurityChecks()] as NagPack[]) {
      // Re-run the pack with acknowledgements ignored (a cdk-nag internal) to see every finding they silence.
      Object.assign(pack, { isAcknowledged: () => false });
      for (const violation of pack.validateScope(careloop.app).violations) {
        for (const resource of violation.violatingResources) {
          rawFindings.push({
            rule: violation.ruleName,
            path: resource.constructPath ?? '',
          });
        }
      }
    }
    const stale = acknowledgements().filter(
      (ack) =>
        !rawFindings.some(
          (finding) =>
            finding.rule === ack.id && (finding.path === ack.path || finding.path.startsWith(`${ack.path}/`)),
        ),
    );
    expect(stale.map((ack) => `${ack.id} at ${ack.path}`)).toEqual([]);
  });
});
