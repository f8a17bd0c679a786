import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccessLogField,
  AccessLogFormat,
  AuthorizationType,
  EndpointType,
  LogGroupLogDestination,
  MethodLoggingLevel,
  MockIntegration,
  PassthroughBehavior,
  type RequestValidator,
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
import { SECURITY_HEADERS } from '../../lambdas/platform/security-headers';
import { preflightPaths } from '../../lambdas/routes';
import { acknowledge } from '../nag';
import { ApiRoutesStack } from './api-routes-stack';

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
 * The REST API: its stage (logs, tracing, throttling), gateway responses and request validator
 * here; its resources and methods, generated from the route manifest, in a nested stack of their
 * own (ApiRoutesStack), deployed after it.
 *
 * Built in two steps so functions can be given URLs of the API (`urlForPath`) before the API's
 * methods, which need the functions, exist: construct, then `addRoutes`.
 */
export class CareLoopApi extends Construct {
  readonly api: RestApi;
  /** The stage's JSON access log (ids, route templates, statuses): the security alarms count from it. */
  readonly accessLogs: LogGroup;
  /** The routes' nested stack, once `addRoutes` made it. */
  routesStack?: ApiRoutesStack;
  /**
   * Base URL of the deployed stage, without a trailing slash. Built from the API id and the literal
   * stage name, not from the stage resource, so a function may carry it without a dependency cycle
   * (function → stage → deployment → methods → function).
   */
  readonly url: string;
  private readonly routes: readonly RouteDefinition[];
  private readonly requestValidator: RequestValidator;
  private readonly webOrigin: string;
  private readonly userPool: IUserPool;

  constructor(scope: Construct, id: string, props: CareLoopApiProps) {
    super(scope, id);

    const accessLogs = (this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      encryptionKey: props.logKey,
      removalPolicy: props.logRemovalPolicy,
    }));

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
      // No default preflight: an OPTIONS method goes only on the paths browsers call (addRoutes).
    });

    // Execution logs go to a group API Gateway names itself; create it first so it is encrypted and expires.
    const executionLogs = new LogGroup(this, 'ExecutionLogs', {
      logGroupName: `API-Gateway-Execution-Logs_${this.api.restApiId}/${props.stageName}`,
      retention: props.logRetention,
      encryptionKey: props.logKey,
      removalPolicy: props.logRemovalPolicy,
    });
    this.api.deploymentStage.node.addDependency(executionLogs);

    this.requestValidator = this.api.addRequestValidator('RequestValidator', {
      validateRequestBody: true,
      validateRequestParameters: true,
    });
    this.routes = props.routes;
    this.webOrigin = props.webOrigin;
    this.userPool = props.userPool;
    this.addRootMethod();

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

  /** Public URL of a route path (a webhook's resource path) on the deployed stage. */
  urlForPath(path: string): string {
    return `${this.url}${path}`;
  }

  /**
   * Adds the manifest's routes, each integrated with its function, in their nested stack, and
   * deploys the API after them. Call once.
   */
  addRoutes(functions: ReadonlyMap<FunctionName, IFunction>): void {
    if (this.routesStack) throw new Error('CareLoopApi.addRoutes may be called once');
    const routesStack = (this.routesStack = new ApiRoutesStack(Stack.of(this), 'ApiRoutes', {
      restApiId: this.api.restApiId,
      rootResourceId: this.api.restApiRootResourceId,
      requestValidatorId: this.requestValidator.requestValidatorId,
      routes: this.routes,
      functions,
      userPool: this.userPool,
      webOrigin: this.webOrigin,
    }));
    // The deployment sees no method of the nested stack: it waits for the stack, and takes a new
    // logical id (a new deployment) whenever the routes or their preflights change.
    const deployment = this.api.latestDeployment;
    if (!deployment) throw new Error('The REST API has no deployment');
    deployment.node.addDependency(routesStack);
    deployment.addToLogicalId({
      routes: this.routes.map((r) => [r.method, r.path, r.fn, r.access]),
      preflights: [...preflightPaths(this.routes)],
    });
  }

  /**
   * The root's one method, answering 404 `route.not_found` as API Gateway answers any path without
   * a route: the CDK refuses a REST API with no method of its own, and the routes' methods are the
   * nested stack's.
   */
  private addRootMethod(): void {
    const notFound = JSON.stringify({ error: 'Not found', code: 'route.not_found' });
    const method = this.api.root.addMethod(
      'ANY',
      new MockIntegration({
        passthroughBehavior: PassthroughBehavior.NEVER,
        requestTemplates: { 'application/json': '{"statusCode": 404}' },
        integrationResponses: [
          {
            statusCode: '404',
            responseTemplates: { 'application/json': notFound },
            responseParameters: { 'method.response.header.Content-Type': "'application/json'" },
          },
        ],
      }),
      {
        authorizationType: AuthorizationType.NONE,
        requestValidator: this.requestValidator,
        methodResponses: [{ statusCode: '404', responseParameters: { 'method.response.header.Content-Type': true } }],
      },
    );
    acknowledge(
      method,
      ['AwsSolutions-APIG4', 'AwsSolutions-COG4'],
      'The root answers 404 to everyone from API Gateway itself (a mock integration): it reads nothing and ' +
        'calls no function, as an unknown path is answered.',
    );
  }

  private addGatewayResponses(webOrigin: string): void {
    // Header values are mapping expressions: a literal is quoted.
    const responseHeaders = {
      'Access-Control-Allow-Origin': `'${webOrigin}'`,
      'Content-Type': "'application/json'",
      ...Object.fromEntries(Object.entries(SECURITY_HEADERS).map(([name, value]) => [name, `'${value}'`])),
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
