import { Duration } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_ERRORS } from '../../infra/constructs/careloop-api';
import { CONFIG_VARIABLES } from '../../infra/constructs/function-configuration';
import { AUDIT_EVENT_PARTITION_KEY_PATTERN, streamFilterPatterns } from '../../lambdas/platform/dynamodb/table-schema';
import type { CareLoopFunctionName } from '../../infra/constructs/function-configuration';
import { EVENT_SOURCE, JOBS } from '../../lambdas/jobs';
import type { JobDefinition } from '../../lambdas/jobs';
import { CONFIG_NEEDS } from '../../lambdas/capabilities';
import {
  readBusEnv,
  readCallQueueEnv,
  readEmailEnv,
  readIdentityEnv,
  readSchedulerEnv,
  readSmsEnv,
  readAuditArchiveEnv,
  readPanelFilesEnv,
  readTableEnv,
  readVapiEnv,
  readWebOrigin,
} from '../../lambdas/kernel/env';
import type { ConfigNeed } from '../../lambdas/kernel/spec';
import { PANEL_FILES_EXPIRY_DAYS } from '../../lambdas/enrollment/spec';
import { FUNCTIONS, isStaffAccess, isWebhookAccess, preflightPaths, ROUTES, routeKey } from '../../lambdas/routes';
import { apiResourcePaths, SYNTH_TIMEOUT_MS, synthesizeCareLoopApp } from './synth-app';

type Resource = {
  Type: string;
  Properties: Record<string, unknown>;
  DependsOn?: string[];
};
type Statement = {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, unknown>;
};

let template: Template;
let resources: Record<string, Resource>;
/** The API routes' nested stack: its template and resources, and what the parent passes each of its parameters. */
let apiTemplate: Template;
let apiResources: Record<string, Resource>;
let apiParameters: Record<string, unknown>;

beforeAll(() => {
  const { stateless } = synthesizeCareLoopApp();
  template = Template.fromStack(stateless);
  resources = template.toJSON().Resources as Record<string, Resource>;
  const routesStack = stateless.api.routesStack;
  if (!routesStack) throw new Error('the API has no routes stack');
  apiTemplate = Template.fromStack(routesStack);
  apiResources = apiTemplate.toJSON().Resources as Record<string, Resource>;
  const nested = Object.values(resources).filter((r) => r.Type === 'AWS::CloudFormation::Stack');
  expect(nested).toHaveLength(1);
  apiParameters = (nested[0]?.Properties?.Parameters ?? {}) as Record<string, unknown>;
}, SYNTH_TIMEOUT_MS);

const ALL_FUNCTIONS: readonly CareLoopFunctionName[] = [...FUNCTIONS, ...JOBS.map((job) => job.name)];
const PLATFORM_VARIABLES = ['NODE_OPTIONS', 'POWERTOOLS_SERVICE_NAME', 'POWERTOOLS_METRICS_NAMESPACE'];

const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);
const ofApiType = (type: string) => Object.entries(apiResources).filter(([, resource]) => resource.Type === type);
/** What a value of the routes' stack stands for in the parent: its parameters replaced by the parent's values. */
const inParent = (value: unknown): string =>
  Object.entries(apiParameters).reduce(
    (text, [name, passed]) => text.replaceAll(JSON.stringify({ Ref: name }), JSON.stringify(passed)),
    JSON.stringify(value),
  );
const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const getAtt = (logicalId: string) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] });

/** Lambda logical id → function or job name (from the description `CareLoop <stage> API|job: <name>`). */
const functionNames = () =>
  new Map(
    ofType('AWS::Lambda::Function').map(([logicalId, fn]) => [
      logicalId,
      String(fn.Properties.Description).replace(/^CareLoop \S+ (?:API|job): /, ''),
    ]),
  );

function lambdaOf(name: CareLoopFunctionName): [string, Resource] {
  const logicalId = [...functionNames()].find(([, fnName]) => fnName === name)?.[0];
  const lambda = logicalId ? resources[logicalId] : undefined;
  if (!logicalId || !lambda) throw new Error(`No Lambda function for ${name}`);
  return [logicalId, lambda];
}

function environmentOf(name: CareLoopFunctionName): Record<string, unknown> {
  return (lambdaOf(name)[1].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
}

/** The statements of the managed policy attached to a function's role. */
function statementsOf(name: CareLoopFunctionName): Statement[] {
  const role = lambdaOf(name)[1].Properties.Role as { 'Fn::GetAtt': [string, string] };
  return policyStatementsOfRole(role['Fn::GetAtt'][0]);
}

function policyStatementsOfRole(roleId: string): Statement[] {
  return ofType('AWS::IAM::ManagedPolicy')
    .filter(([, policy]) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

/** The actions the statements allow (a Deny statement's actions are not among them). */
const actionsOf = (statements: Statement[]) =>
  statements.filter((s) => s.Effect === 'Allow').flatMap((s) => asArray(s.Action));

/** Each group's reader in lambdas/kernel/env.ts: it throws when a variable it requires is missing. */
const READERS: Record<ConfigNeed, ((source: NodeJS.ProcessEnv) => unknown) | undefined> = {
  table: readTableEnv,
  identity: readIdentityEnv,
  settingsAdmins: undefined, // optional: an empty list means only granted operators are settings admins
  vapi: readVapiEnv,
  scheduler: readSchedulerEnv,
  bus: readBusEnv,
  email: readEmailEnv,
  sms: readSmsEnv,
  webOrigin: readWebOrigin,
  phones: undefined, // optional: unset means the NANP only
  auditArchive: readAuditArchiveEnv,
  panelFiles: readPanelFilesEnv,
  callLines: undefined, // optional: unset means Vapi's default of 10 slots
  callQueue: readCallQueueEnv,
};
const CONFIG_GROUPS = Object.keys(CONFIG_VARIABLES) as ConfigNeed[];

/** Deploy-time values (references) become placeholder strings, as the function would see some value. */
const asProcessEnv = (variables: Record<string, unknown>): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(variables).map(([key, value]) => [key, typeof value === 'string' ? value : 'resolved-at-deploy']),
  );

describe('size', () => {
  // CloudFormation refuses a stack of more than 500 resources; each new route adds about 2 (a method
  // and often a resource), each function about 5. Failing here first leaves room to split the stack.
  // The margin was 20 until the call-lines routes, queue and forecast job (483). Preflight only on the
  // paths browsers call took 11 OPTIONS methods off (472); the API's methods still move to a stack of
  // their own before the margin runs out (issue 27's note).
  it("keeps at least 15 resources of headroom under CloudFormation's 500 per stack", () => {
    expect(Object.keys(resources).length).toBeLessThanOrEqual(485);
  });

  it('keeps the API routes in a nested stack of their own, with the same headroom', () => {
    expect(ofType('AWS::ApiGateway::Method').map(([, m]) => m.Properties.HttpMethod)).toEqual(['ANY']);
    expect(ofType('AWS::ApiGateway::Resource')).toEqual([]);
    expect(Object.keys(apiResources).length).toBeLessThanOrEqual(485);
    // CloudFormation takes at most 200 parameters in a template.
    expect(Object.keys(apiParameters).length).toBeLessThanOrEqual(200);
  });

  it('deploys the API only once its routes stack is in place, and answers 404 at the root', () => {
    const [[nestedId]] = ofType('AWS::CloudFormation::Stack') as [[string, Resource]];
    const [[, deployment]] = ofType('AWS::ApiGateway::Deployment') as [[string, Resource & { DependsOn?: string[] }]];
    expect(deployment.DependsOn).toContain(nestedId);
    const [[, root]] = ofType('AWS::ApiGateway::Method') as [[string, Resource]];
    expect(root.Properties).toMatchObject({
      HttpMethod: 'ANY',
      AuthorizationType: 'NONE',
      Integration: {
        Type: 'MOCK',
        IntegrationResponses: [
          {
            StatusCode: '404',
            ResponseTemplates: { 'application/json': JSON.stringify({ error: 'Not found', code: 'route.not_found' }) },
          },
        ],
      },
    });
  });

  it('grants API Gateway one invoke permission per function, for this API only, never one per method', () => {
    expect(
      Object.values(resources).filter(
        (r) =>
          r.Type === 'AWS::Lambda::Permission' &&
          (r.Properties as { Principal?: string }).Principal === 'apigateway.amazonaws.com',
      ),
    ).toEqual([]);
    const permissions = Object.values(apiResources).filter(
      (r) =>
        r.Type === 'AWS::Lambda::Permission' &&
        (r.Properties as { Principal?: string }).Principal === 'apigateway.amazonaws.com',
    );
    const functions = permissions.map((p) => inParent((p.Properties as { FunctionName?: unknown }).FunctionName));
    expect(new Set(functions).size).toBe(functions.length);
    expect(functions).toHaveLength(new Set(ROUTES.map((r) => r.fn)).size);
    for (const p of permissions) {
      expect(JSON.stringify((p.Properties as { SourceArn?: unknown }).SourceArn)).toContain('/*/*/*');
    }
  });
});

describe('functions', () => {
  it('has one Lambda per FUNCTIONS entry and per JOBS entry, arm64 on nodejs22.x', () => {
    expect([...functionNames().values()].sort()).toEqual([...ALL_FUNCTIONS].sort());
    for (const [, fn] of ofType('AWS::Lambda::Function')) {
      expect(fn.Properties).toMatchObject({
        Architectures: ['arm64'],
        Runtime: 'nodejs22.x',
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
      });
      expect(fn.Properties.Environment).toMatchObject({ Variables: { NODE_OPTIONS: '--enable-source-maps' } });
    }
  });

  it('gives no function a Vapi public key: web calls are created by the server with the private key', () => {
    for (const [, fn] of ofType('AWS::Lambda::Function')) {
      expect(JSON.stringify(fn.Properties.Environment)).not.toMatch(/public_?key/i);
    }
  });

  it('gives each function exactly the variables of its CONFIG_NEEDS groups', () => {
    for (const name of ALL_FUNCTIONS) {
      const served = (FUNCTIONS as readonly string[]).includes(name);
      const expected = [
        ...PLATFORM_VARIABLES,
        ...(served ? ['CORS_ALLOW_ORIGIN'] : []),
        ...CONFIG_NEEDS[name].flatMap((need) => CONFIG_VARIABLES[need]),
      ];
      expect(Object.keys(environmentOf(name)).sort(), name).toEqual([...new Set(expected)].sort());
    }
  });

  it("satisfies lambdas/kernel/env.ts: each needed group's reader accepts the variables, the others refuse", () => {
    for (const name of ALL_FUNCTIONS) {
      const source = asProcessEnv(environmentOf(name));
      for (const need of CONFIG_GROUPS) {
        const reader = READERS[need];
        if (!reader) continue;
        if (CONFIG_NEEDS[name].includes(need)) expect(() => reader(source), `${name} reads ${need}`).not.toThrow();
        else expect(() => reader(source), `${name} must not read ${need}`).toThrow();
      }
    }
  });

  it('keeps vendor and scheduling configuration away from functions that do not need it', () => {
    const carePlans = Object.keys(environmentOf('care-plans'));
    expect(carePlans.filter((key) => key.startsWith('VAPI_'))).toEqual([]);
    expect(carePlans).not.toContain('USER_POOL_ID');

    const vapiWebhook = Object.keys(environmentOf('vapi-webhook'));
    expect(vapiWebhook).toEqual(expect.arrayContaining([...CONFIG_VARIABLES.vapi, 'EVENT_BUS_NAME']));
    expect(vapiWebhook.filter((key) => key.startsWith('SCHEDULE'))).toEqual([]);
  });

  it('configures Vapi from context, with the webhook URL of the stage and no cycle through the API stage', () => {
    const [[restApiId]] = ofType('AWS::ApiGateway::RestApi') as [[string, Resource]];
    const env = environmentOf('vapi-webhook');
    expect(env).toMatchObject({
      VAPI_BASE_URL: 'https://api.vapi.ai',
      VAPI_ASSISTANT_ID: 'set-vapi-assistant-id',
      VAPI_PHONE_NUMBER_ID: 'set-vapi-phone-number-id',
      VAPI_WEBHOOK_AUTH: 'hmac',
    });
    const webhookUrl = JSON.stringify(env.VAPI_WEBHOOK_URL);
    expect(webhookUrl).toContain(`{"Ref":"${restApiId}"}`);
    expect(webhookUrl).toContain('/dev/webhooks/vapi');
    expect(webhookUrl).not.toMatch(/Stage|Deployment/);
    expect(JSON.stringify(env.VAPI_SECRET_ID)).toContain('VapiSecret');
  });

  it('points call schedules at the queue of due calls, and gives its senders the queue URL', () => {
    const [[queueId]] = ofType('AWS::SQS::Queue').filter(([id]) => id.startsWith('CallQueue')) as [[string, Resource]];
    for (const name of ALL_FUNCTIONS.filter((fn) => CONFIG_NEEDS[fn].includes('scheduler'))) {
      const env = environmentOf(name);
      expect(env.SCHEDULE_TARGET_ARN, name).toEqual(getAtt(queueId));
      expect(env.SCHEDULE_GROUP_NAME, name).toBe('careloop-dev-calls');
    }
    const senders = ALL_FUNCTIONS.filter((fn) => CONFIG_NEEDS[fn].includes('callQueue'));
    // The follow-up wakes the calls waiting for the line a settled call gave back; the reconciler sends
    // overdue calls and wakes waiting ones; the placer only reads the queue.
    expect([...senders].sort()).toEqual(['call-follow-up', 'reconcile-calls']);
    for (const name of senders) {
      expect(environmentOf(name).CALL_QUEUE_URL, name).toEqual({ Ref: queueId });
      const sends = statementsOf(name).filter((s) => asArray(s.Action).includes('sqs:SendMessage'));
      expect(
        sends.flatMap((s) => asArray(s.Resource)),
        name,
      ).toContainEqual(getAtt(queueId));
      for (const statement of sends) {
        // Its own dead-letter queue (CareLoopFunction) or the call queue: never another queue, never '*'.
        expect(JSON.stringify(statement.Resource), name).not.toContain('*');
      }
    }
  });

  it('keeps the queue of due calls encrypted with the data key, dead-lettered, and visible long enough', () => {
    const [[queueId, queue]] = ofType('AWS::SQS::Queue').filter(([id]) => id.startsWith('CallQueue')) as [
      [string, Resource],
    ];
    const [[dlqId]] = ofType('AWS::SQS::Queue').filter(([id]) => id.startsWith('CallScheduleDlq')) as [
      [string, Resource],
    ];
    const placer = JOBS.find((job) => job.name === 'place-scheduled-call');
    expect(placer?.trigger.kind).toBe('queue');
    expect(queue.Properties).toMatchObject({
      KmsMasterKeyId: expect.anything(),
      VisibilityTimeout: 6 * (placer?.timeoutSeconds ?? 0),
      RedrivePolicy: { deadLetterTargetArn: getAtt(dlqId), maxReceiveCount: 5 },
    });
    expect(JSON.stringify(queue.Properties.KmsMasterKeyId)).toContain('DataKey');
    const policy = ofType('AWS::SQS::QueuePolicy').find(([, p]) =>
      JSON.stringify(p.Properties.Queues).includes(queueId),
    );
    expect(JSON.stringify(policy?.[1].Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
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

  it('uses no inline policies and no AWS managed policies on function roles', () => {
    template.resourceCountIs('AWS::IAM::Policy', 0);
    for (const [logicalId, role] of ofType('AWS::IAM::Role')) {
      if (!logicalId.startsWith('Fn')) continue;
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
      expect(role.Properties.Policies).toBeUndefined();
    }
  });
});

describe('function permissions', () => {
  it('never allows Scan, and only the user-management functions call Cognito admin APIs', () => {
    const cognitoUsers: string[] = [];
    for (const name of ALL_FUNCTIONS) {
      const actions = actionsOf(statementsOf(name));
      expect(actions).not.toContain('dynamodb:Scan');
      expect(actions.some((a) => a.endsWith('*') && a.startsWith('dynamodb:'))).toBe(false);
      if (actions.some((a) => a.startsWith('cognito-idp:'))) cognitoUsers.push(name);
    }
    expect(cognitoUsers.sort()).toEqual(['manage-user', 'provider-data']);
  });

  it('denies every function updating or deleting audit events, on their ElectroDB partition keys', () => {
    const tables = new Set<string>();
    for (const name of ALL_FUNCTIONS) {
      const statements = statementsOf(name);
      const denies = statements.filter((s) => s.Effect === 'Deny');
      expect(denies, name).toHaveLength(1);
      const deny = denies[0] as Statement;
      expect(asArray(deny.Action), name).toEqual(
        expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']),
      );
      // Creating an event stays allowed (the adapter writes with attribute_not_exists).
      expect(asArray(deny.Action), name).not.toContain('dynamodb:PutItem');
      expect(deny.Condition, name).toEqual({
        'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [AUDIT_EVENT_PARTITION_KEY_PATTERN] },
      });
      // The deny names the table the function's item grants name.
      const items = statements.find((s) => s.Effect === 'Allow' && asArray(s.Action).includes('dynamodb:UpdateItem'));
      if (items) expect(asArray(items.Resource), name).toContainEqual(deny.Resource);
      tables.add(JSON.stringify(deny.Resource));
    }
    expect(tables.size).toBe(1);
    expect([...tables][0]).toContain('Table');
    expect(AUDIT_EVENT_PARTITION_KEY_PATTERN).toBe('$careloop#subject_*');
  });

  it('gives every role that may write to the table the audit deny, whichever construct made it', () => {
    const writes = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
    const writers = ofType('AWS::IAM::Role').filter(([roleId]) =>
      actionsOf(policyStatementsOfRole(roleId)).some((a) => writes.includes(a)),
    );
    expect(writers.length).toBeGreaterThan(0);
    for (const [roleId] of writers) {
      const deny = policyStatementsOfRole(roleId).find(
        (s) => s.Effect === 'Deny' && JSON.stringify(s.Condition).includes(AUDIT_EVENT_PARTITION_KEY_PATTERN),
      );
      expect(deny, roleId).toBeDefined();
    }
  });

  // Which of its group's actions each function gets is its spec module's, pinned in permissions.test.ts.
  it('lets only functions that need the scheduler create schedules in the call group and pass its role', () => {
    const [[schedulerRoleId]] = ofType('AWS::IAM::Role').filter(([id]) => id.startsWith('SchedulerRole')) as [
      [string, Resource],
    ];
    const schedulerUsers = ALL_FUNCTIONS.filter((name) => CONFIG_NEEDS[name].includes('scheduler'));
    expect(schedulerUsers.length).toBeGreaterThan(0);
    for (const name of ALL_FUNCTIONS) {
      const statements = statementsOf(name);
      const actions = actionsOf(statements);
      const needsScheduler = schedulerUsers.includes(name);
      const creates = actions.includes('scheduler:CreateSchedule');
      const scheduling = actions.filter((a) => a.startsWith('scheduler:'));
      if (!needsScheduler) expect(scheduling, name).toEqual([]);
      expect(actions.includes('iam:PassRole'), `${name} iam:PassRole`).toBe(creates);
      if (!creates) continue;
      const schedules = statements.find((s) => asArray(s.Action).includes('scheduler:CreateSchedule'));
      expect(JSON.stringify(schedules?.Resource), name).toMatch(/:schedule\/careloop-dev-calls\/\*"/);
      const passRole = statements.find((s) => asArray(s.Action).includes('iam:PassRole'));
      expect(passRole, name).toMatchObject({
        Resource: getAtt(schedulerRoleId),
        Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      });
    }
  });

  it('lets only Vapi functions read the Vapi secret, only SMS functions the Twilio one, and only bus functions put events', () => {
    const [[busId]] = ofType('AWS::Events::EventBus') as [[string, Resource]];
    for (const name of ALL_FUNCTIONS) {
      const statements = statementsOf(name);
      const secretReads = statements.filter((s) => asArray(s.Action).includes('secretsmanager:GetSecretValue'));
      const secretsRead = (secret: string) => secretReads.some((s) => JSON.stringify(s.Resource).includes(secret));
      const decryptViaSecrets = statements.find((s) => JSON.stringify(s.Condition ?? {}).includes('secretsmanager.'));
      if (secretsRead('VapiSecret')) expect(CONFIG_NEEDS[name], `${name} Vapi secret`).toContain('vapi');
      if (secretsRead('TwilioSecret')) expect(CONFIG_NEEDS[name], `${name} Twilio secret`).toContain('sms');
      expect(Boolean(decryptViaSecrets), `${name} kms via secretsmanager`).toBe(secretReads.length > 0);
      for (const read of secretReads) expect(JSON.stringify(read.Resource)).toMatch(/VapiSecret|TwilioSecret/);

      const putEvents = statements.find((s) => asArray(s.Action).includes('events:PutEvents'));
      if (putEvents) expect(CONFIG_NEEDS[name], `${name} events:PutEvents`).toContain('bus');
      if (putEvents) expect(putEvents.Resource).toEqual(getAtt(busId));
    }
  });

  it('lets only e-mail functions send through SES, from the configured address of its identity', () => {
    const emailSenders = ALL_FUNCTIONS.filter((name) => CONFIG_NEEDS[name].includes('email'));
    expect(emailSenders).toEqual(['notify-call']);
    for (const name of ALL_FUNCTIONS) {
      const ses = statementsOf(name).filter((s) => asArray(s.Action).some((a) => a.startsWith('ses:')));
      if (!emailSenders.includes(name)) {
        expect(ses, name).toEqual([]);
        continue;
      }
      expect(ses).toHaveLength(1);
      expect(ses[0]).toMatchObject({
        Action: 'ses:SendEmail',
        Condition: { StringEquals: { 'ses:FromAddress': 'notifications@example.com' } },
      });
      const resources = JSON.stringify(ses[0]?.Resource);
      expect(resources).toContain(':identity/notifications@example.com');
      expect(resources).toContain(':identity/example.com');
      expect(resources).not.toContain('*');
    }
  });

  it('configures the notifier: senders from context, the Twilio secret, absolute links to the web origin', () => {
    const env = environmentOf('notify-call');
    expect(env).toMatchObject({
      EMAIL_FROM: 'notifications@example.com',
      TWILIO_SENDER: 'MG00000000000000000000000000000000',
    });
    expect(JSON.stringify(env.TWILIO_SECRET_ID)).toContain('TwilioSecret');
    // Twilio signs its webhooks with the API's public URL: the stage URL of /webhooks/twilio.
    for (const fn of ['notify-call', 'patient-texts', 'twilio-webhook'] as const) {
      expect(JSON.stringify(environmentOf(fn).TWILIO_WEBHOOK_BASE_URL), fn).toMatch(/execute-api.*\/webhooks\/twilio"/);
    }
    expect(JSON.stringify(env.WEB_ORIGIN)).toContain('https://');
    expect(JSON.stringify(env.WEB_ORIGIN)).toBe(JSON.stringify(environmentOf('me').CORS_ALLOW_ORIGIN));
  });

  it('lets the call-schedule role send to the queue of due calls and its dead-letter queue only', () => {
    const [[schedulerRoleId]] = ofType('AWS::IAM::Role').filter(([id]) => id.startsWith('SchedulerRole')) as [
      [string, Resource],
    ];
    const [[queueId]] = ofType('AWS::SQS::Queue').filter(([id]) => id.startsWith('CallQueue')) as [[string, Resource]];
    const [[dlqId]] = ofType('AWS::SQS::Queue').filter(([id]) => id.startsWith('CallScheduleDlq')) as [
      [string, Resource],
    ];
    const statements = policyStatementsOfRole(schedulerRoleId).filter((s) => s.Effect === 'Allow');
    expect(actionsOf(statements)).not.toContain('lambda:InvokeFunction');
    const sends = statements.filter((s) => asArray(s.Action).includes('sqs:SendMessage'));
    expect(sends.flatMap((s) => asArray(s.Action))).toEqual(['sqs:SendMessage']);
    expect(sends.flatMap((s) => asArray(s.Resource))).toEqual([getAtt(queueId), getAtt(dlqId)]);
    // The queues are encrypted with the data key: only through SQS.
    const kms = statements.filter((s) => asArray(s.Action).some((a) => a.startsWith('kms:')));
    expect(kms.every((s) => JSON.stringify(s.Condition).includes('sqs.'))).toBe(true);
  });
});

describe('REST API', () => {
  it('is a regional REST API with a Cognito user pools authorizer', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      EndpointConfiguration: { Types: ['REGIONAL'] },
    });
    template.resourceCountIs('AWS::ApiGateway::Authorizer', 0);
    apiTemplate.resourceCountIs('AWS::ApiGateway::Authorizer', 1);
    apiTemplate.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'COGNITO_USER_POOLS',
      IdentitySource: 'method.request.header.Authorization',
    });
  });

  it('serves every manifest route with its function: staff routes through the authorizer, webhook and link routes without', () => {
    const [[authorizerId]] = ofApiType('AWS::ApiGateway::Authorizer') as [[string, Resource]];
    const paths = apiResourcePaths(apiResources);
    const lambdaNames = functionNames();
    const methods = new Map(
      ofApiType('AWS::ApiGateway::Method')
        .filter(([, m]) => m.Properties.HttpMethod !== 'OPTIONS')
        .map(([, m]) => {
          const resourceId = m.Properties.ResourceId as { Ref?: string };
          const path = resourceId.Ref ? paths.get(resourceId.Ref) : '/';
          return [`${String(m.Properties.HttpMethod)} ${path}`, m.Properties] as const;
        }),
    );

    expect([...methods.keys()].sort()).toEqual(ROUTES.map(routeKey).sort());
    expect(ROUTES.some((route) => !isStaffAccess(route.access))).toBe(true);
    for (const route of ROUTES) {
      const method = methods.get(routeKey(route));
      expect(method, routeKey(route)).toMatchObject({
        RequestValidatorId: expect.anything(),
        Integration: { Type: 'AWS_PROXY' },
      });
      if (isStaffAccess(route.access)) {
        expect(method, routeKey(route)).toMatchObject({
          AuthorizationType: 'COGNITO_USER_POOLS',
          AuthorizerId: { Ref: authorizerId },
        });
      } else {
        expect(method?.AuthorizationType, routeKey(route)).toBe('NONE');
        expect(method?.AuthorizerId, routeKey(route)).toBeUndefined();
      }
      const uri = inParent((method?.Integration as { Uri: unknown }).Uri);
      const target = [...lambdaNames].find(([logicalId]) => uri.includes(`"${logicalId}"`));
      expect(target?.[1], routeKey(route)).toBe(route.fn);
    }
  });

  it("answers CORS preflight on the paths of staff and link routes only, with each path's methods", () => {
    const paths = apiResourcePaths(apiResources);
    const preflights = ofApiType('AWS::ApiGateway::Method').filter(([, m]) => m.Properties.HttpMethod === 'OPTIONS');
    const allowed = new Map(
      preflights.map(([, m]) => {
        const resourceId = m.Properties.ResourceId as { Ref?: string };
        const integration = m.Properties.Integration as {
          IntegrationResponses: { ResponseParameters: Record<string, string> }[];
        };
        const methods =
          integration.IntegrationResponses[0]?.ResponseParameters[
            'method.response.header.Access-Control-Allow-Methods'
          ];
        return [resourceId.Ref ? paths.get(resourceId.Ref) : '/', methods] as const;
      }),
    );
    const browserPaths = preflightPaths(ROUTES);
    expect([...allowed.keys()].sort()).toEqual([...browserPaths.keys()].sort());
    for (const [path, methods] of browserPaths) expect(allowed.get(path), path).toBe(`'${methods.join(',')}'`);
    for (const route of ROUTES.filter((r) => isWebhookAccess(r.access))) expect(allowed.has(route.path)).toBe(false);
  });

  it('answers CORS preflight for the web origin only', () => {
    const preflights = ofApiType('AWS::ApiGateway::Method').filter(([, m]) => m.Properties.HttpMethod === 'OPTIONS');
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

  it('gives the link routes (token in the path) their own, much lower, per-IP rate limit', () => {
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'LinkRateLimitPerIp',
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: Match.objectLike({
              AggregateKeyType: 'IP',
              Limit: 30,
              ScopeDownStatement: {
                OrStatement: {
                  Statements: Match.arrayWith([
                    Match.objectLike({ ByteMatchStatement: Match.objectLike({ SearchString: '/summary-links/' }) }),
                    Match.objectLike({ ByteMatchStatement: Match.objectLike({ SearchString: '/call-links/' }) }),
                  ]),
                },
              },
            }),
          },
        }),
      ]),
    });
  });
});

describe('call scheduling', () => {
  it('has a schedule group, a scheduler role and an encrypted, TLS-only DLQ', () => {
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
    for (const [, queue] of ofType('AWS::SQS::Queue')) {
      expect(queue.Properties.KmsMasterKeyId).toBeDefined();
    }
    for (const [, queuePolicy] of ofType('AWS::SQS::QueuePolicy')) {
      expect(queuePolicy.Properties.PolicyDocument).toMatchObject({
        Statement: expect.arrayContaining([
          expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      });
    }
  });
});

describe('jobs', () => {
  const jobs: readonly JobDefinition[] = JOBS;
  const targetsOf = (type: string, logicalId: string) =>
    ofType(type).filter(([, resource]) => JSON.stringify(resource.Properties).includes(`"${logicalId}","Arn"`));

  it('dead-letters failed invocations of every job into its own KMS-encrypted queue', () => {
    for (const job of jobs) {
      const [, lambda] = lambdaOf(job.name as CareLoopFunctionName);
      const deadLetter = lambda.Properties.DeadLetterConfig as { TargetArn: { 'Fn::GetAtt': [string, string] } };
      const queue = resources[deadLetter.TargetArn['Fn::GetAtt'][0]];
      expect(queue?.Type, job.name).toBe('AWS::SQS::Queue');
      expect(queue?.Properties.KmsMasterKeyId, job.name).toBeDefined();
    }
  });

  it('archives audit events: only new audit items reach the archive, changed or removed ones page', () => {
    expect(streamFilterPatterns(['audit_event'])).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { __edb_e__: { S: ['audit_event'] } } } },
      { eventName: ['MODIFY', 'REMOVE'], dynamodb: { OldImage: { __edb_e__: { S: ['audit_event'] } } } },
    ]);
    expect(environmentOf('archive-audit-events')).toMatchObject({
      AUDIT_ARCHIVE_BUCKET: {
        'Fn::GetStackOutput': expect.objectContaining({ OutputName: expect.stringMatching(/AuditArchive/) }),
      },
    });
  });

  it('keeps panel files private, encrypted, TLS-only, uploaded from the web origin only, and for days', () => {
    const buckets = ofType('AWS::S3::Bucket').filter(
      ([, b]) => JSON.stringify(b.Properties.CorsConfiguration ?? {}) !== '{}',
    );
    expect(buckets).toHaveLength(1);
    const [[bucketId, bucket]] = buckets as [[string, Resource]];
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          { ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: expect.anything() } },
        ],
      },
      CorsConfiguration: {
        CorsRules: [{ AllowedMethods: ['PUT'], AllowedOrigins: [environmentOf('panel-import').CORS_ALLOW_ORIGIN] }],
      },
      LifecycleConfiguration: { Rules: [expect.objectContaining({ ExpirationInDays: PANEL_FILES_EXPIRY_DAYS })] },
    });
    const policy = ofType('AWS::S3::BucketPolicy').find(([, p]) =>
      JSON.stringify(p.Properties.Bucket).includes(bucketId),
    );
    expect(JSON.stringify(policy?.[1].Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    expect(environmentOf('panel-import')).toMatchObject({ PANEL_FILES_BUCKET: { Ref: bucketId } });
    expect(environmentOf('run-panel-import')).toMatchObject({ PANEL_FILES_BUCKET: { Ref: bucketId } });
  });

  it('has the CareLoop event bus', () => {
    template.hasResourceProperties('AWS::Events::EventBus', { Name: 'careloop-dev' });
  });

  it('starts each job with the trigger the job manifest names', () => {
    const [[busId]] = ofType('AWS::Events::EventBus') as [[string, Resource]];
    const jobGroupId = ofType('AWS::Scheduler::ScheduleGroup').find(
      ([, group]) => group.Properties.Name === 'careloop-dev-jobs',
    )?.[0];
    for (const job of jobs) {
      const [logicalId, lambda] = lambdaOf(job.name as CareLoopFunctionName);
      const deadLetterArn = (lambda.Properties.DeadLetterConfig as { TargetArn: unknown }).TargetArn;
      const schedules = targetsOf('AWS::Scheduler::Schedule', logicalId);
      const rules = targetsOf('AWS::Events::Rule', logicalId);
      const trigger = job.trigger;
      switch (trigger.kind) {
        case 'schedule':
          expect(rules, job.name).toEqual([]);
          expect(schedules, job.name).toHaveLength(1);
          expect(schedules[0]?.[1].DependsOn, job.name).toEqual(expect.arrayContaining([jobGroupId]));
          expect(schedules[0]?.[1].Properties, job.name).toMatchObject({
            // CDK writes whole days and hours as such: rate(1 day) for 1,440 minutes.
            ScheduleExpression: ScheduleExpression.rate(Duration.minutes(trigger.everyMinutes)).expressionString,
            GroupName: 'careloop-dev-jobs',
            State: 'ENABLED',
            Target: {
              Arn: getAtt(logicalId),
              Input: '{}',
              RetryPolicy: { MaximumRetryAttempts: expect.any(Number), MaximumEventAgeInSeconds: expect.any(Number) },
              DeadLetterConfig: { Arn: deadLetterArn },
            },
          });
          break;
        case 'event':
          expect(schedules, job.name).toEqual([]);
          expect(rules, job.name).toHaveLength(1);
          expect(rules[0]?.[1].Properties, job.name).toMatchObject({
            EventBusName: { Ref: busId },
            EventPattern: { source: [EVENT_SOURCE], 'detail-type': [...trigger.events] },
            Targets: [
              {
                Arn: getAtt(logicalId),
                DeadLetterConfig: { Arn: deadLetterArn },
                RetryPolicy: { MaximumRetryAttempts: expect.any(Number), MaximumEventAgeInSeconds: expect.any(Number) },
              },
            ],
          });
          break;
        case 'identity':
          // Cognito invokes it (test/infra/identity-trigger.test.ts): no schedule, no bus rule.
          expect(schedules, job.name).toEqual([]);
          expect(rules, job.name).toEqual([]);
          break;
        case 'table-stream': {
          expect(schedules, job.name).toEqual([]);
          expect(rules, job.name).toEqual([]);
          const mappings = ofType('AWS::Lambda::EventSourceMapping').filter(
            ([, mapping]) => JSON.stringify(mapping.Properties.FunctionName) === JSON.stringify({ Ref: logicalId }),
          );
          expect(mappings, job.name).toHaveLength(1);
          const properties = mappings[0]?.[1].Properties ?? {};
          expect(properties, job.name).toMatchObject({
            EventSourceArn: {
              'Fn::GetStackOutput': expect.objectContaining({ OutputName: expect.stringMatching(/Table.*StreamArn/) }),
            },
            StartingPosition: 'TRIM_HORIZON',
            BatchSize: trigger.batchSize,
            BisectBatchOnFunctionError: true,
            DestinationConfig: { OnFailure: { Destination: deadLetterArn } },
          });
          const patterns = (properties.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map(
            (filter) => JSON.parse(filter.Pattern) as unknown,
          );
          expect(patterns, job.name).toEqual(streamFilterPatterns(trigger.entities));
          break;
        }
        case 'queue': {
          expect(schedules, job.name).toEqual([]);
          expect(rules, job.name).toEqual([]);
          const [[queueId]] = ofType('AWS::SQS::Queue').filter(([id]) => id.startsWith('CallQueue')) as [
            [string, Resource],
          ];
          const mappings = ofType('AWS::Lambda::EventSourceMapping').filter(
            ([, mapping]) => JSON.stringify(mapping.Properties.FunctionName) === JSON.stringify({ Ref: logicalId }),
          );
          expect(mappings, job.name).toHaveLength(1);
          expect(mappings[0]?.[1].Properties, job.name).toMatchObject({
            EventSourceArn: getAtt(queueId),
            BatchSize: trigger.batchSize,
            // One failing call never makes the batch's placed calls be delivered again.
            FunctionResponseTypes: ['ReportBatchItemFailures'],
          });
          // The event source receives and deletes with the job's role, on this queue only.
          const consume = statementsOf(job.name as CareLoopFunctionName).filter((s) =>
            asArray(s.Action).includes('sqs:ReceiveMessage'),
          );
          expect(
            consume.flatMap((s) => asArray(s.Resource)),
            job.name,
          ).toEqual([getAtt(queueId)]);
          expect(
            consume.flatMap((s) => asArray(s.Action)),
            job.name,
          ).toContain('sqs:DeleteMessage');
          break;
        }
      }
    }
  });

  it('reconciles calls every 10 minutes and follows up completed calls from the bus', () => {
    const [reconcileId] = lambdaOf('reconcile-calls');
    expect(targetsOf('AWS::Scheduler::Schedule', reconcileId)[0]?.[1].Properties.ScheduleExpression).toBe(
      'rate(10 minutes)',
    );
    const [followUpId] = lambdaOf('call-follow-up');
    expect(targetsOf('AWS::Events::Rule', followUpId)[0]?.[1].Properties.EventPattern).toEqual({
      source: ['careloop'],
      'detail-type': ['call.completed'],
    });
  });

  it('lets the job-schedule role invoke only the recurring job functions', () => {
    const [[jobRoleId]] = ofType('AWS::IAM::Role').filter(([id]) => id.startsWith('JobSchedulerRole')) as [
      [string, Resource],
    ];
    const invoked = policyStatementsOfRole(jobRoleId)
      .filter((s) => asArray(s.Action).includes('lambda:InvokeFunction'))
      .flatMap((s) => asArray(s.Resource))
      .map((resource) => JSON.stringify(resource));
    const rateJobs = jobs.filter((job) => job.trigger.kind === 'schedule' && job.trigger.schedule === 'rate');
    const rateJobIds = rateJobs.map((job) => lambdaOf(job.name as CareLoopFunctionName)[0]);
    expect(invoked.length).toBeGreaterThan(0);
    for (const resource of invoked)
      expect(
        rateJobIds.some((id) => resource.includes(`"${id}"`)),
        resource,
      ).toBe(true);
  });
});
