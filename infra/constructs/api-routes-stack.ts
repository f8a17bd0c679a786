import { Duration, NestedStack } from 'aws-cdk-lib';
import {
  AuthorizationType,
  CognitoUserPoolsAuthorizer,
  LambdaIntegration,
  RequestValidator,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { Function as LambdaFunction, type IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import type { FunctionName, RouteAccess, RouteDefinition } from '../../lambdas/routes';
import { isStaffAccess, preflightPaths } from '../../lambdas/routes';
import type { Role } from '../../shared/roles';
import { acknowledge } from '../nag';

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

export interface ApiRoutesStackProps {
  /** The REST API the routes go on (its id and root resource), made and deployed by the parent stack. */
  readonly restApiId: string;
  readonly rootResourceId: string;
  /** The parent's request validator (bodies and parameters): cdk-nag looks for it beside the API. */
  readonly requestValidatorId: string;
  readonly routes: readonly RouteDefinition[];
  readonly functions: ReadonlyMap<FunctionName, IFunction>;
  readonly userPool: IUserPool;
  /** The web app's origin (`https://…`), the only origin CORS allows. */
  readonly webOrigin: string;
}

/**
 * The REST API's resources and methods, generated from the route manifest, in a nested stack of
 * their own: each route is a method and often a resource, and with the functions beside them the
 * Stateless stack neared CloudFormation's 500 resources per stack (477 at 87 routes). Here they have
 * a 500 of their own. One resource/method per route, one Lambda proxy integration per function;
 * staff routes (roles, `signed-in`) sit behind the Cognito user pool authorizer, webhook and link
 * routes have none and are checked inside their function. The parent stack deploys the API after
 * this stack (CareLoopApi `addRoutes`).
 */
export class ApiRoutesStack extends NestedStack {
  readonly authorizer: CognitoUserPoolsAuthorizer;

  constructor(scope: Construct, id: string, props: ApiRoutesStackProps) {
    super(scope, id, { description: 'CareLoop API routes (resources, methods, authorizer)' });
    const api = RestApi.fromRestApiAttributes(this, 'Api', {
      restApiId: props.restApiId,
      rootResourceId: props.rootResourceId,
    });
    this.authorizer = new CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      cognitoUserPools: [props.userPool],
      identitySource: 'method.request.header.Authorization',
    });
    const requestValidator = RequestValidator.fromRequestValidatorId(
      this,
      'RequestValidator',
      props.requestValidatorId,
    );

    const integrations = new Map<FunctionName, LambdaIntegration>();
    const integrationFor = (name: FunctionName): LambdaIntegration => {
      let integration = integrations.get(name);
      if (!integration) {
        const handler = props.functions.get(name);
        if (!handler) throw new Error(`Route manifest names function "${name}", which has no Lambda function`);
        // Referenced here (not the parent's object), so the invoke permission is made in this stack,
        // beside the methods it serves, from the function's ARN alone.
        const fn = LambdaFunction.fromFunctionAttributes(this, `Fn-${name}`, {
          functionArn: handler.functionArn,
          sameEnvironment: true,
        });
        integration = new LambdaIntegration(fn, {
          proxy: true,
          // One invoke permission per function, for this API only (its execute-api ARN), rather than
          // one per method: the API routes each function's own methods to it alone, and a permission
          // per method put the Stateless stack over CloudFormation's 500 resources (521 at 37
          // functions and 152 methods).
          scopePermissionToMethod: false,
        });
        integrations.set(name, integration);
      }
      return integration;
    };

    for (const route of props.routes) {
      const resource = api.root.resourceForPath(route.path);
      if (isStaffAccess(route.access)) {
        resource.addMethod(route.method, integrationFor(route.fn), {
          authorizationType: AuthorizationType.COGNITO,
          authorizer: this.authorizer,
          requestValidator,
        });
        continue;
      }
      const method = resource.addMethod(route.method, integrationFor(route.fn), {
        authorizationType: AuthorizationType.NONE,
        requestValidator,
      });
      acknowledge(method, ['AwsSolutions-APIG4', 'AwsSolutions-COG4'], UNAUTHORIZED_ROUTE_REASONS[route.access]);
    }

    // CORS preflight for the web origin, on the paths of staff and link routes only, naming each
    // path's own methods. Vendors' webhooks and bare path segments get none: no browser calls them,
    // and each OPTIONS method is a resource of the stack's 500 (11 fewer at 85 routes).
    for (const [path, methods] of preflightPaths(props.routes)) {
      api.root.resourceForPath(path).addCorsPreflight({
        allowOrigins: [props.webOrigin],
        allowMethods: [...methods],
        allowHeaders: ['Authorization', 'Content-Type'],
        maxAge: Duration.hours(1),
      });
    }
  }
}
