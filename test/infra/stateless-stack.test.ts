import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_ERRORS } from '../../infra/constructs/careloop-api';
import { FUNCTIONS, ROUTES, routeKey } from '../../lambdas/routes';
import { apiResourcePaths, SYNTH_TIMEOUT_MS, synthesizeCareLoopApp } from './synth-app';

type Resource = {
  Type: string;
  Properties: Record<string, unknown>;
  DependsOn?: string[];
};

let template: Template;
let resources: Record<string, Resource>;

beforeAll(() => {
  const { stateless } = synthesizeCareLoopApp();
  template = Template.fromStack(stateless);
  resources = template.toJSON().Resources as Record<string, Resource>;
}, SYNTH_TIMEOUT_MS);

const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);

/** Lambda logical id → manifest function name (from the description `CareLoop <stage> API: <fn>`). */
const functionNames = () =>
  new Map(
    ofType('AWS::Lambda::Function').map(([logicalId, fn]) => [
      logicalId,
      String(fn.Properties.Description).replace(/^CareLoop \S+ API: /, ''),
    ]),
  );

describe('functions', () => {
  it('has one Lambda per FUNCTIONS entry, arm64 on nodejs22.x', () => {
    expect([...functionNames().values()].sort()).toEqual([...FUNCTIONS].sort());
    for (const [, fn] of ofType('AWS::Lambda::Function')) {
      expect(fn.Properties).toMatchObject({
        Architectures: ['arm64'],
        Runtime: 'nodejs22.x',
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
      });
    }
  });

  it('gives every function its configuration', () => {
    for (const [, fn] of ofType('AWS::Lambda::Function')) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(variables)).toEqual(
        expect.arrayContaining([
          'TABLE_NAME',
          'USER_POOL_ID',
          'USER_POOL_CLIENT_ID',
          'POWERTOOLS_SERVICE_NAME',
          'SETTINGS_ADMIN_EMAILS',
          'CORS_ALLOW_ORIGIN',
        ]),
      );
      expect(variables.NODE_OPTIONS).toBe('--enable-source-maps');
    }
  });

  it('logs to its own encrypted log group with retention', () => {
    for (const [, fn] of ofType('AWS::Lambda::Function')) {
      const logGroupId = (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(resources[logGroupId]?.Properties).toMatchObject({
        RetentionInDays: expect.any(Number),
        KmsKeyId: expect.anything(),
      });
    }
  });

  it('never allows Scan, and only the user-management functions call Cognito admin APIs', () => {
    const policies = ofType('AWS::IAM::ManagedPolicy');
    const cognitoUsers = new Set<string>();
    for (const [logicalId, policy] of policies) {
      const statements = (
        policy.Properties.PolicyDocument as {
          Statement: { Action: string | string[] }[];
        }
      ).Statement;
      const actions = statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
      expect(actions).not.toContain('dynamodb:Scan');
      expect(actions.some((a) => a.endsWith('*') && a.startsWith('dynamodb:'))).toBe(false);
      if (actions.some((a) => a.startsWith('cognito-idp:'))) cognitoUsers.add(logicalId);
    }
    const names = [...cognitoUsers].map((id) => id.replace(/^Fn/, '').replace(/Role.*$/, '')).sort();
    expect(names).toEqual(['manageuser', 'providerdata']);
  });

  it('uses no inline policies and no AWS managed policies on function roles', () => {
    template.resourceCountIs('AWS::IAM::Policy', 0);
    for (const [logicalId, role] of ofType('AWS::IAM::Role')) {
      if (!logicalId.startsWith('Fn')) continue;
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
      expect(role.Properties.Policies).toBeUndefined();
    }
  });
});

describe('REST API', () => {
  it('is a regional REST API with a Cognito user pools authorizer', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      EndpointConfiguration: { Types: ['REGIONAL'] },
    });
    template.resourceCountIs('AWS::ApiGateway::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'COGNITO_USER_POOLS',
      IdentitySource: 'method.request.header.Authorization',
    });
  });

  it('serves every manifest route, through the authorizer, with the route function', () => {
    const [[authorizerId]] = ofType('AWS::ApiGateway::Authorizer') as [[string, Resource]];
    const paths = apiResourcePaths(resources);
    const lambdaNames = functionNames();
    const methods = new Map(
      ofType('AWS::ApiGateway::Method')
        .filter(([, m]) => m.Properties.HttpMethod !== 'OPTIONS')
        .map(([, m]) => {
          const resourceId = m.Properties.ResourceId as { Ref?: string };
          const path = resourceId.Ref ? paths.get(resourceId.Ref) : '/';
          return [`${String(m.Properties.HttpMethod)} ${path}`, m.Properties] as const;
        }),
    );

    expect([...methods.keys()].sort()).toEqual(ROUTES.map(routeKey).sort());
    for (const route of ROUTES) {
      const method = methods.get(routeKey(route));
      expect(method, routeKey(route)).toMatchObject({
        AuthorizationType: 'COGNITO_USER_POOLS',
        AuthorizerId: { Ref: authorizerId },
        RequestValidatorId: expect.anything(),
        Integration: { Type: 'AWS_PROXY' },
      });
      const uri = JSON.stringify((method?.Integration as { Uri: unknown }).Uri);
      const target = [...lambdaNames].find(([logicalId]) => uri.includes(`"${logicalId}"`));
      expect(target?.[1], routeKey(route)).toBe(route.fn);
    }
  });

  it('answers CORS preflight for the web origin only', () => {
    const preflights = ofType('AWS::ApiGateway::Method').filter(([, m]) => m.Properties.HttpMethod === 'OPTIONS');
    expect(preflights.length).toBeGreaterThan(0);
    for (const [, preflight] of preflights) {
      const integration = preflight.Properties.Integration as {
        IntegrationResponses: { ResponseParameters: Record<string, unknown> }[];
      };
      const origin = JSON.stringify(
        integration.IntegrationResponses[0]?.ResponseParameters['method.response.header.Access-Control-Allow-Origin'],
      );
      expect(origin).toContain("'https://");
      expect(origin).not.toContain("'*'");
    }
  });

  it('answers gateway errors as JSON with CORS headers', () => {
    const unauthorized = GATEWAY_ERRORS.find((e) => e.type === 'UNAUTHORIZED');
    expect(unauthorized).toMatchObject({
      statusCode: 401,
      error: 'Unauthorized',
      code: 'auth.unauthorized',
    });
    for (const response of GATEWAY_ERRORS) {
      template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        ResponseType: response.type,
        ...(response.statusCode ? { StatusCode: String(response.statusCode) } : {}),
        ResponseTemplates: {
          'application/json': JSON.stringify({
            error: response.error,
            code: response.code,
          }),
        },
        ResponseParameters: {
          'gatewayresponse.header.Access-Control-Allow-Origin': Match.anyValue(),
          'gatewayresponse.header.Content-Type': "'application/json'",
        },
      });
    }
    for (const type of ['DEFAULT_4XX', 'UNAUTHORIZED', 'ACCESS_DENIED']) {
      template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        ResponseType: type,
      });
    }
  });

  it('throttles, traces and logs the stage without request data', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      TracingEnabled: true,
      AccessLogSetting: {
        DestinationArn: Match.anyValue(),
        Format: Match.stringLikeRegexp('requestId'),
      },
      MethodSettings: [
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          LoggingLevel: 'ERROR',
          DataTraceEnabled: false,
          ThrottlingRateLimit: Match.anyValue(),
          ThrottlingBurstLimit: Match.anyValue(),
        }),
      ],
    });
  });
});

describe('WAF', () => {
  it('protects the API stage with managed rules and a rate limit, and logs', () => {
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'REGIONAL',
      Rules: Match.arrayWith([
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: Match.objectLike({
              Name: 'AWSManagedRulesCommonRuleSet',
            }),
          },
        }),
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: Match.objectLike({
              Name: 'AWSManagedRulesKnownBadInputsRuleSet',
            }),
          },
        }),
        Match.objectLike({
          Statement: {
            RateBasedStatement: Match.objectLike({ AggregateKeyType: 'IP' }),
          },
        }),
      ]),
    });
    const [[stageId]] = ofType('AWS::ApiGateway::Stage') as [[string, Resource]];
    const [[, association]] = ofType('AWS::WAFv2::WebACLAssociation') as [[string, Resource]];
    expect(JSON.stringify(association.Properties.ResourceArn)).toContain(`"${stageId}"`);
    template.resourceCountIs('AWS::WAFv2::LoggingConfiguration', 1);
  });
});

describe('call scheduling', () => {
  it('has a schedule group, a scheduler role and an encrypted, TLS-only DLQ', () => {
    template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', {
      Name: 'careloop-dev-calls',
    });
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Principal: { Service: 'scheduler.amazonaws.com' },
          }),
        ],
      },
    });
    template.hasResourceProperties('AWS::SQS::Queue', {
      KmsMasterKeyId: Match.anyValue(),
    });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });
});
