import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccessLogField,
  AccessLogFormat,
  AuthorizationType,
  CognitoUserPoolsAuthorizer,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  ResponseType,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { FunctionName, RouteDefinition } from '../../lambdas/routes';
import { acknowledge } from '../nag';

/**
 * Errors API Gateway answers itself (before any handler runs), in the same `{ error, code }` shape
 * as the handlers' error middleware. The local gateway should answer the same.
 */
export const GATEWAY_ERRORS = [
  {
    type: 'UNAUTHORIZED',
    statusCode: 401,
    error: 'Unauthorized',
    code: 'auth.unauthorized',
  },
  {
    type: 'ACCESS_DENIED',
    statusCode: 403,
    error: 'Forbidden',
    code: 'auth.forbidden',
  },
  {
    type: 'WAF_FILTERED',
    statusCode: 403,
    error: 'Forbidden',
    code: 'request.blocked',
  },
  {
    type: 'THROTTLED',
    statusCode: 429,
    error: 'Too many requests',
    code: 'request.throttled',
  },
  // API Gateway reports an unknown route as a missing token (403); it is a missing route.
  {
    type: 'MISSING_AUTHENTICATION_TOKEN',
    statusCode: 404,
    error: 'Not found',
    code: 'route.not_found',
  },
  {
    type: 'DEFAULT_4XX',
    statusCode: undefined,
    error: 'Bad request',
    code: 'request.invalid',
  },
  {
    type: 'DEFAULT_5XX',
    statusCode: undefined,
    error: 'Something went wrong. Please try again.',
    code: 'internal',
  },
] as const;

export interface CareLoopApiProps {
  readonly stageName: string;
  readonly routes: readonly RouteDefinition[];
  readonly functions: ReadonlyMap<FunctionName, IFunction>;
  readonly userPool: IUserPool;
  /** The web app's origin (`https://…`), the only origin CORS allows. */
  readonly webOrigin: string;
  readonly throttlingRateLimit: number;
  readonly throttlingBurstLimit: number;
  readonly logKey: IKey;
  readonly logRetention: RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
}

/**
 * The REST API, generated from the route manifest: one resource/method per route, every method
 * behind the Cognito user pool authorizer, one Lambda proxy integration per function.
 */
export class CareLoopApi extends Construct {
  readonly api: RestApi;
  readonly authorizer: CognitoUserPoolsAuthorizer;
  /** Base URL of the deployed stage, without a trailing slash. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: CareLoopApiProps) {
    super(scope, id);

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      encryptionKey: props.logKey,
      removalPolicy: props.logRemovalPolicy,
    });

    this.api = new RestApi(this, 'Api', {
      description: 'CareLoop API',
      endpointTypes: [EndpointType.REGIONAL],
      // Execution and access logging need the account-level API Gateway CloudWatch role.
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
      deployOptions: {
        stageName: props.stageName,
        tracingEnabled: true,
        // ERROR, not INFO, and never data tracing: INFO and data traces can carry PHI from requests.
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        metricsEnabled: false,
        throttlingRateLimit: props.throttlingRateLimit,
        throttlingBurstLimit: props.throttlingBurstLimit,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        accessLogFormat: accessLogFormat(),
      },
      defaultCorsPreflightOptions: {
        allowOrigins: [props.webOrigin],
        allowMethods: [...new Set(props.routes.map((r) => r.method))],
        allowHeaders: ['Authorization', 'Content-Type'],
        maxAge: Duration.hours(1),
      },
    });

    // Execution logs go to a group API Gateway names itself; create it first so it is encrypted and expires.
    const executionLogs = new LogGroup(this, 'ExecutionLogs', {
      logGroupName: `API-Gateway-Execution-Logs_${this.api.restApiId}/${props.stageName}`,
      retention: props.logRetention,
      encryptionKey: props.logKey,
      removalPolicy: props.logRemovalPolicy,
    });
    this.api.deploymentStage.node.addDependency(executionLogs);

    this.authorizer = new CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      cognitoUserPools: [props.userPool],
      identitySource: 'method.request.header.Authorization',
    });
    const requestValidator = this.api.addRequestValidator('RequestValidator', {
      validateRequestBody: true,
      validateRequestParameters: true,
    });

    const integrations = new Map<FunctionName, LambdaIntegration>();
    const integrationFor = (fn: FunctionName): LambdaIntegration => {
      let integration = integrations.get(fn);
      if (!integration) {
        const handler = props.functions.get(fn);
        if (!handler) throw new Error(`Route manifest names function "${fn}", which has no Lambda function`);
        integration = new LambdaIntegration(handler, {
          proxy: true,
          allowTestInvoke: false,
        });
        integrations.set(fn, integration);
      }
      return integration;
    };

    for (const route of props.routes) {
      this.api.root.resourceForPath(route.path).addMethod(route.method, integrationFor(route.fn), {
        authorizationType: AuthorizationType.COGNITO,
        authorizer: this.authorizer,
        requestValidator,
      });
    }

    this.addGatewayResponses(props.webOrigin);

    const stack = Stack.of(this);
    this.url = `https://${this.api.restApiId}.execute-api.${stack.region}.${stack.urlSuffix}/${props.stageName}`;

    const cloudWatchRole = this.api.node.tryFindChild('CloudWatchRole');
    if (cloudWatchRole) {
      acknowledge(
        cloudWatchRole,
        [
          'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        ],
        'Account-level role API Gateway uses to write execution and access logs for every API in the region; ' +
          'the AWS-managed AmazonAPIGatewayPushToCloudWatchLogs policy is the documented policy for it.',
      );
    }
    acknowledge(
      this.api.deploymentStage,
      ['HIPAA.Security-APIGWCacheEnabledAndEncrypted'],
      'Caching is deliberately off: every response is per-user and may contain PHI, so nothing is cached.',
    );
    acknowledge(
      this.api.deploymentStage,
      ['HIPAA.Security-APIGWSSLEnabled'],
      'Stage client certificates authenticate API Gateway to HTTP backends; every integration here is a ' +
        'Lambda proxy invoked through IAM, so there is no backend endpoint to present a certificate to.',
    );
  }

  private addGatewayResponses(webOrigin: string): void {
    const responseHeaders = {
      'Access-Control-Allow-Origin': `'${webOrigin}'`,
      'Content-Type': "'application/json'",
    };
    for (const response of GATEWAY_ERRORS) {
      this.api.addGatewayResponse(`Response-${response.type}`, {
        type: ResponseType.of(response.type),
        statusCode: response.statusCode?.toString(),
        responseHeaders,
        templates: {
          'application/json': JSON.stringify({
            error: response.error,
            code: response.code,
          }),
        },
      });
    }
  }
}

/** JSON access log: ids, route template, status and latency; no paths with ids, bodies or headers. */
function accessLogFormat(): AccessLogFormat {
  return AccessLogFormat.custom(
    JSON.stringify({
      requestId: AccessLogField.contextRequestId(),
      extendedRequestId: AccessLogField.contextExtendedRequestId(),
      requestTime: AccessLogField.contextRequestTime(),
      ip: AccessLogField.contextIdentitySourceIp(),
      userAgent: AccessLogField.contextIdentityUserAgent(),
      userId: AccessLogField.contextAuthorizerClaims('sub'),
      httpMethod: AccessLogField.contextHttpMethod(),
      resourcePath: AccessLogField.contextResourcePath(),
      status: AccessLogField.contextStatus(),
      protocol: AccessLogField.contextProtocol(),
      responseLength: AccessLogField.contextResponseLength(),
      responseLatency: AccessLogField.contextResponseLatency(),
      integrationLatency: AccessLogField.contextIntegrationLatency(),
      integrationStatus: AccessLogField.contextIntegrationStatus(),
      errorType: AccessLogField.contextErrorResponseType(),
      wafResponseCode: AccessLogField.contextWafResponseCode(),
      xrayTraceId: AccessLogField.contextXrayTraceId(),
    }),
  );
}
