import { ArnFormat, Stack } from 'aws-cdk-lib';
import type { RemovalPolicy } from 'aws-cdk-lib';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

export interface ApiFirewallProps {
  /** Prefix for the web ACL, its metrics and its log group (`careloop-dev`). */
  readonly name: string;
  /** ARN of the API Gateway stage to protect. */
  readonly stageArn: string;
  /** Requests one IP may send in 5 minutes before it is blocked. */
  readonly rateLimitPer5Min: number;
  /**
   * Link routes (token in the path: `/call-links/`, `/summary-links/`) get a much lower per-IP limit:
   * a person opens a link a few times; anything faster is someone guessing tokens.
   */
  readonly linkPathPrefixes: readonly string[];
  readonly linkRateLimitPer5Min: number;
  readonly logKey: IKey;
  readonly logRetention: RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
}

/** Regional WAF for the REST API stage: AWS common and known-bad-inputs rule sets plus a per-IP rate limit. */
export class ApiFirewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: ApiFirewallProps) {
    super(scope, id);

    // Sampled requests would expose raw Authorization headers in the console; metrics are enough.
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: false,
    });
    const managedRuleGroup = (
      priority: number,
      name: string,
      ruleActionOverrides?: CfnWebACL.RuleActionOverrideProperty[],
    ): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ruleActionOverrides,
        },
      },
      visibilityConfig: visibility(`${props.name}-${name}`),
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${props.name}-api`,
      description: 'CareLoop REST API',
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${props.name}-api`),
      rules: [
        // Care plans and EMR notes are long free text: the 8 KB body-size rule would block legitimate saves,
        // so it only counts; the handlers' schemas bound every field instead.
        managedRuleGroup(10, 'AWSManagedRulesCommonRuleSet', [
          { name: 'SizeRestrictions_BODY', actionToUse: { count: {} } },
        ]),
        managedRuleGroup(20, 'AWSManagedRulesKnownBadInputsRuleSet'),
        {
          name: 'LinkRateLimitPerIp',
          priority: 25,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: props.linkRateLimitPer5Min,
              evaluationWindowSec: 300,
              scopeDownStatement: linkPathStatement(props.linkPathPrefixes),
            },
          },
          visibilityConfig: visibility(`${props.name}-link-rate-limit`),
        },
        {
          name: 'RateLimitPerIp',
          priority: 30,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: props.rateLimitPer5Min,
              evaluationWindowSec: 300,
            },
          },
          visibilityConfig: visibility(`${props.name}-rate-limit`),
        },
      ],
    });

    new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.stageArn,
      webAclArn: this.webAcl.attrArn,
    });

    // WAF requires CloudWatch log group names to start with "aws-waf-logs-".
    const logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `aws-waf-logs-${props.name}-api`,
      retention: props.logRetention,
      encryptionKey: props.logKey,
      removalPolicy: props.logRemovalPolicy,
    });
    new CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      // WAF wants the bare log group ARN, without the ":*" suffix of LogGroup.logGroupArn.
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroup.logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      // Bearer tokens never reach the logs, nor query strings (search terms can be patients' names).
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { queryString: {} }],
    });
  }
}

/** Requests whose path holds one of the prefixes (the stage name comes before them in WAF's view). */
function linkPathStatement(prefixes: readonly string[]): CfnWebACL.StatementProperty {
  if (prefixes.length === 0) throw new Error('ApiFirewall needs at least one link path prefix');
  const matches = prefixes.map((prefix): CfnWebACL.StatementProperty => ({
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'CONTAINS',
      searchString: prefix,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  }));
  return matches.length === 1 ? (matches[0] as CfnWebACL.StatementProperty) : { orStatement: { statements: matches } };
}
