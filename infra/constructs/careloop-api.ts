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
import type { FunctionName, RouteAccess, RouteDefinition } from '../../lambdas/routes';
import { SECURITY_HEADERS } from '../../lambdas/platform/security-headers';
import { isStaffAccess, preflightPaths } from '../../lambdas/routes';
import type { Role } from '../../shared/roles';
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
 * Why a route without a Cognito authorizer is still authenticated: the credential each access mode
 * carries, checked first thing inside the function (ARCHITECTURE "Triggers").
 */
const UNAUTHORIZED_ROUTE_REASONS: Record<Exclude<RouteAccess, readonly Role[] | 'signed-in'>, string> = {
  'webhook:vapi':
    "Vapi cannot present a Cognito token: the credential is Vapi's webhook signature (HMAC of the raw body) " +
    'or its bearer secret, checked in constant time inside the function before the body is parsed. WAF and ' +
    'stage throttling still cover the route.',
  'webhook:twilio':
    'Twilio cannot present a Cognito token: the credential is the X-Twilio-Signature over the URL and body, ' +
    'checked in constant time inside the function before the body is parsed. WAF and stage throttling still ' +
    'cover the route.',
  link:
    'Patients open links without an account: the credential is the link token in the path, whose hash is ' +
    'looked up (with its expiry) inside the function before anything else is read; summary links also check ' +
    'a staff token there. WAF and stage throttling still cover the route.',
};

/**
 * The REST API, generated from the route manifest: one resource/method per route, one Lambda proxy
 * integration per function. Staff routes (roles, `signed-in`) sit behind the Cognito user pool
 * authorizer; webhook and link routes have none and are checked inside their function.
 *
 * Built in two steps so functions can be given URLs of the API (`urlForPath`) before the API's
 * methods, which need the functions, exist: construct, then `addRoutes`.
 */
export class CareLoopApi extends Construct {
  readonly api: RestApi;
  /** The stage's JSON access log (ids, route templates, statuses): the security alarms count from it. */
  readonly accessLogs: LogGroup;
  readonly authorizer: CognitoUserPoolsAuthorizer;
  /**
   * Base URL of the deployed stage, without a trailing slash. Built from the API id and the literal
   * stage name, not from the stage resource, so a function may carry it without a dependency cycle
   * (function → stage → deployment → methods → function).
   */
  readonly url: string;
  private readonly routes: readonly RouteDefinition[];
  private readonly requestValidator: RequestValidator;
  private readonly webOrigin: string;

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

    this.authorizer = new CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      cognitoUserPools: [props.userPool],
      identitySource: 'method.request.header.Authorization',
    });
    this.requestValidator = this.api.addRequestValidator('RequestValidator', {
      validateRequestBody: true,
      validateRequestParameters: true,
    });
    this.routes = props.routes;
    this.webOrigin = props.webOrigin;

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

  /** Adds one method per manifest route, integrated with the route's function. Call once. */
  addRoutes(functions: ReadonlyMap<FunctionName, IFunction>): void {
    const integrations = new Map<FunctionName, LambdaIntegration>();
    const integrationFor = (fn: FunctionName): LambdaIntegration => {
      let integration = integrations.get(fn);
      if (!integration) {
        const handler = functions.get(fn);
        if (!handler) throw new Error(`Route manifest names function "${fn}", which has no Lambda function`);
        integration = new LambdaIntegration(handler, {
          proxy: true,
          // One invoke permission per function, for this API only (its execute-api ARN), rather than
          // one per method: the API routes each function's own methods to it alone, and a permission
          // per method put the Stateless stack over CloudFormation's 500 resources (521 at 37
          // functions and 152 methods).
          scopePermissionToMethod: false,
        });
        integrations.set(fn, integration);
      }
      return integration;
    };

    for (const route of this.routes) {
      const resource = this.api.root.resourceForPath(route.path);
      if (isStaffAccess(route.access)) {
        resource.addMethod(route.method, integrationFor(route.fn), {
          authorizationType: AuthorizationType.COGNITO,
          authorizer: this.authorizer,
          requestValidator: this.requestValidator,
        });
        continue;
      }
      const method = resource.addMethod(route.method, integrationFor(route.fn), {
        authorizationType: AuthorizationType.NONE,
        requestValidator: this.requestValidator,
      });
      acknowledge(method, ['AwsSolutions-APIG4', 'AwsSolutions-COG4'], UNAUTHORIZED_ROUTE_REASONS[route.access]);
    }

    // CORS preflight for the web origin, on the paths of staff and link routes only, naming each
    // path's own methods. Vendors' webhooks and bare path segments get none: no browser calls them,
    // and each OPTIONS method is a resource of the stack's 500 (11 fewer at 85 routes).
    for (const [path, methods] of preflightPaths(this.routes)) {
      this.api.root.resourceForPath(path).addCorsPreflight({
        allowOrigins: [this.webOrigin],
        allowMethods: [...methods],
        allowHeaders: ['Authorization', 'Content-Type'],
        maxAge: Duration.hours(1),
      });
    }
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
