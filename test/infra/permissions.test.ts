import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CareLoopFunctionName } from '../../infra/constructs/function-configuration';
import { functionEntry } from '../../lambdas/function-entries';
import { AUDIT_EVENT_PARTITION_KEY_PATTERN, TABLE_SCHEMA } from '../../lambdas/platform/dynamodb/table-schema';
import { JOBS } from '../../lambdas/jobs';
import { PERMISSIONS } from '../../lambdas/capabilities';
import type { PermissionGroup } from '../../lambdas/kernel/spec';
import { CONFIG_NEEDS } from '../../lambdas/capabilities';
import { FUNCTIONS } from '../../lambdas/routes';
import { issuedActionsByFunction } from './code-permissions';
import type { IssuedActions } from './code-permissions';
import { SYNTH_TIMEOUT_MS, synthesizeCareLoopApp } from './synth-app';

/**
 * Issue 10 "Least privilege": each function's role allows exactly the actions its spec module (lambdas/<capability>/spec.ts)
 * declares for it, and that manifest is exactly what the function's code can issue (derived from
 * its call graph by ./code-permissions.ts).
 */

const ALL_FUNCTIONS: readonly CareLoopFunctionName[] = [...FUNCTIONS, ...JOBS.map((job) => job.name)];
const SECRETS_FILE = 'lambdas/vendors/secrets/secrets-manager-secrets.ts';
/** Which secret a GetSecretValue reads: the reader function the code reaches. */
const SECRET_MARKERS = {
  [`${SECRETS_FILE}#readVapiSecrets`]: 'secret:vapi',
  [`${SECRETS_FILE}#readTwilioSecrets`]: 'secret:twilio',
};
const FIXTURES = {
  'fixture:reader': 'test/infra/fixtures/permissions/reader.ts',
  'fixture:writer': 'test/infra/fixtures/permissions/writer.ts',
};

/** What Lambda's event source mapping reads a table's stream with (the function's role). */
const STREAM_READS = [
  'dynamodb:DescribeStream',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:ListStreams',
];

/** What Lambda's event source mapping receives a queue's messages with (the function's role). */
const QUEUE_READS = [
  'sqs:ChangeMessageVisibility',
  'sqs:DeleteMessage',
  'sqs:GetQueueAttributes',
  'sqs:GetQueueUrl',
  'sqs:ReceiveMessage',
];

/** The configuration group whose resources a derived action needs (S3: the function's one bucket). */
function groupOf(action: string, name?: string): PermissionGroup | undefined {
  if (action === 'secret:vapi') return 'vapi';
  if (action === 'secret:twilio') return 'sms';
  const service = action.slice(0, action.indexOf(':'));
  const groups: Record<string, PermissionGroup> = {
    dynamodb: 'table',
    'cognito-idp': 'identity',
    scheduler: 'scheduler',
    events: 'bus',
    ses: 'email',
    sqs: 'callQueue',
    s3:
      name && (CONFIG_NEEDS as Record<string, readonly string[]>)[name]?.includes('panelFiles')
        ? 'panelFiles'
        : 'auditArchive',
  };
  return groups[service];
}

/** Derived actions as the manifest states them: group → actions (secret reads under their secret's group). */
function asManifest(issued: IssuedActions, name: string): Map<PermissionGroup, Map<string, readonly string[]>> {
  const manifest = new Map<PermissionGroup, Map<string, readonly string[]>>();
  for (const [action, sites] of issued) {
    if (action === 'secretsmanager:GetSecretValue') continue;
    const group = groupOf(action, name);
    if (!group) continue;
    // IAM has no HeadObject: a HEAD request is authorized as GetObject.
    const declared = action.startsWith('secret:')
      ? 'secretsmanager:GetSecretValue'
      : action === 's3:HeadObject'
        ? 's3:GetObject'
        : action;
    const actions = manifest.get(group) ?? new Map<string, readonly string[]>();
    actions.set(declared, sites);
    manifest.set(group, actions);
  }
  return manifest;
}

let derived: Map<string, IssuedActions>;

describe('the permission manifest (the spec modules) against the code', () => {
  beforeAll(() => {
    derived = issuedActionsByFunction(
      {
        ...Object.fromEntries(ALL_FUNCTIONS.map((name) => [name, functionEntry(name)])),
        ...FIXTURES,
      },
      SECRET_MARKERS,
    );
  }, SYNTH_TIMEOUT_MS);

  const actionsOf = (name: string) => [...(derived.get(name)?.keys() ?? [])].sort();

  it('recognises ElectroDB gets, batches and transactions, SDK commands and calls through a port', () => {
    // The store's writes are constructed but never called by the reader.
    expect(actionsOf('fixture:reader')).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem']);
    expect(actionsOf('fixture:writer')).toEqual([
      'cognito-idp:AdminDisableUser',
      'dynamodb:BatchWriteItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:UpdateItem',
    ]);
    expect(derived.get('fixture:writer')?.get('dynamodb:BatchWriteItem')?.[0]).toMatch(
      /^DynamoPatientStore\.wipe \(test\/infra\/fixtures\/permissions\/store\.ts:\d+\)$/,
    );
  });

  it('declares a function for every handler, and only groups its CONFIG_NEEDS give it', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ALL_FUNCTIONS].sort());
    const problems = ALL_FUNCTIONS.flatMap((name) =>
      Object.entries(PERMISSIONS[name])
        .filter(([group, actions]) => actions.length > 0 && !(CONFIG_NEEDS[name] as readonly string[]).includes(group))
        .map(([group]) => `${name}: declares "${group}" actions but CONFIG_NEEDS does not give it "${group}"`),
    );
    expect(problems).toEqual([]);
  });

  it("declares exactly the actions each function's code issues: no fewer (it works), no more (least privilege)", () => {
    const problems: string[] = [];
    for (const name of ALL_FUNCTIONS) {
      const issued = derived.get(name) ?? new Map<string, readonly string[]>();
      const code = asManifest(issued, name);
      for (const [action, sites] of issued) {
        if (action === 'dynamodb:Scan') problems.push(`${name}: issues a Scan (${sites.join('; ')}): query an index`);
        if (!groupOf(action) && action !== 'secretsmanager:GetSecretValue') {
          problems.push(`${name}: issues ${action} (${sites.join('; ')}), which no configuration group grants`);
        }
      }
      if (issued.has('secretsmanager:GetSecretValue') && !code.has('vapi') && !code.has('sms')) {
        problems.push(`${name}: reads a secret without readVapiSecrets or readTwilioSecrets`);
      }
      const declared = PERMISSIONS[name] as Partial<Record<PermissionGroup, readonly string[]>>;
      for (const [group, actions] of code) {
        for (const [action, sites] of actions) {
          if (declared[group]?.includes(action)) continue;
          problems.push(
            `${name}: its code issues ${action} (${sites.join('; ')}); add '${action}' to the ${group} permissions ` +
              `of '${name}' in its capability's spec.ts`,
          );
        }
      }
      for (const [group, actions] of Object.entries(declared) as [PermissionGroup, readonly string[]][]) {
        for (const action of actions) {
          if (code.get(group)?.has(action)) continue;
          problems.push(`${name}: its spec.ts grants ${action} in "${group}" but its code never issues it; remove it`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: Record<string, unknown> };
type Resource = { Type: string; Properties: Record<string, unknown> };

const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const sorted = (values: Iterable<string>) => [...values].sort();

/** Function name → the statements of its role's managed policy, from every stack of the app. */
let statementsByFunction: Map<string, Statement[]>;
let tableArn: unknown;

describe("each function's role", () => {
  beforeAll(() => {
    const app = synthesizeCareLoopApp();
    statementsByFunction = new Map();
    for (const stack of [app.stateful, app.web, app.stateless, app.webContent, app.monitoring]) {
      const resources = Template.fromStack(stack).toJSON().Resources as Record<string, Resource>;
      const policies = Object.values(resources).filter((r) => r.Type === 'AWS::IAM::ManagedPolicy');
      for (const fn of Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Function')) {
        const name = /^CareLoop \S+ (?:API|job): (\S+)$/.exec(String(fn.Properties.Description))?.[1];
        if (!name) continue;
        const role = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
        const statements = policies
          .filter((p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: role }]))
          .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
        statementsByFunction.set(name, statements);
      }
    }
    // The table lives in the Stateful stack: its ARN is a cross-stack reference, the same one everywhere.
    tableArn = statementsByFunction.get('me')?.find((s) => s.Effect === 'Deny')?.Resource;
    expect(JSON.stringify(tableArn)).toMatch(/Table[A-Za-z0-9]*Arn/);
  }, SYNTH_TIMEOUT_MS);

  const statementsOf = (name: CareLoopFunctionName) => {
    const statements = statementsByFunction.get(name);
    if (!statements) throw new Error(`No deployed function ${name}`);
    return statements;
  };
  const allowed = (name: CareLoopFunctionName, prefix: string) =>
    sorted(
      statementsOf(name)
        .filter((s) => s.Effect === 'Allow')
        .flatMap((s) => asArray(s.Action))
        .filter((a) => a.startsWith(prefix)),
    );
  const declared = (name: CareLoopFunctionName, group: PermissionGroup) => sorted(PERMISSIONS[name][group] ?? []);

  it('allows exactly its declared DynamoDB actions: items on the table, Query also on the indexes', () => {
    for (const name of ALL_FUNCTIONS) {
      const actions = declared(name, 'table');
      const itemActions = allowed(name, 'dynamodb:').filter((a) => !STREAM_READS.includes(a));
      expect(itemActions, name).toEqual(actions);
      const dynamo = statementsOf(name).filter(
        (s) =>
          s.Effect === 'Allow' && asArray(s.Action).some((a) => a.startsWith('dynamodb:') && !STREAM_READS.includes(a)),
      );
      for (const statement of dynamo) {
        const resources = asArray(statement.Resource);
        if (asArray(statement.Action).includes('dynamodb:Query')) {
          expect(asArray(statement.Action), name).toEqual(['dynamodb:Query']);
          expect(resources, name).toHaveLength(1 + TABLE_SCHEMA.globalIndexes.length);
          for (const index of TABLE_SCHEMA.globalIndexes) {
            expect(JSON.stringify(resources), name).toContain(`/index/${index.indexName}"`);
          }
        } else {
          expect(resources, name).toEqual([tableArn]);
        }
      }
      // The data key through DynamoDB: to read, and to write only when the function writes.
      const viaDynamo = statementsOf(name).filter((s) => JSON.stringify(s.Condition ?? {}).includes('dynamodb.'));
      const writes = actions.some((a) => /PutItem|UpdateItem|DeleteItem|BatchWriteItem/.test(a));
      expect(viaDynamo.flatMap((s) => asArray(s.Action)).includes('kms:GenerateDataKey'), name).toBe(writes);
      expect(viaDynamo.flatMap((s) => asArray(s.Action)).includes('kms:Decrypt'), name).toBe(actions.length > 0);
    }
  });

  it("lets only a table-stream job read the table's stream, and only the stream", () => {
    for (const name of ALL_FUNCTIONS) {
      const streamJob = JOBS.some((job) => job.name === name && job.trigger.kind === 'table-stream');
      const reads = allowed(name, 'dynamodb:').filter((a) => STREAM_READS.includes(a));
      expect(reads, name).toEqual(streamJob ? sorted(STREAM_READS) : []);
      for (const statement of statementsOf(name).filter((s) =>
        asArray(s.Action).some((a) => STREAM_READS.includes(a)),
      )) {
        const resource = JSON.stringify(statement.Resource);
        // ListStreams has no resource-level scoping; the others name the table's stream.
        if (asArray(statement.Action).includes('dynamodb:ListStreams')) expect(statement.Resource, name).toBe('*');
        else expect(resource, name).toMatch(/StreamArn/);
      }
    }
    expect(JOBS.filter((job) => job.trigger.kind === 'table-stream').map((job) => job.name)).toEqual([
      'remind-new-calls',
      'archive-audit-events',
    ]);
  });

  it('never allows Scan, DescribeTable, or a delete or batch write its code does not issue', () => {
    const deleters: string[] = [];
    for (const name of ALL_FUNCTIONS) {
      const actions = allowed(name, 'dynamodb:');
      expect(actions, name).not.toContain('dynamodb:Scan');
      expect(actions, name).not.toContain('dynamodb:DescribeTable');
      if (actions.includes('dynamodb:DeleteItem') || actions.includes('dynamodb:BatchWriteItem')) deleters.push(name);
    }
    // The call-log repository deletes an ended call's open-calls entry and moves summary entries between tabs.
    expect(deleters.sort()).toEqual(
      ALL_FUNCTIONS.filter((name) =>
        (PERMISSIONS[name].table ?? []).some((a) => a === 'dynamodb:DeleteItem' || a === 'dynamodb:BatchWriteItem'),
      ).sort(),
    );
    // Accounts and patients are never deleted: these functions delete only search index items a
    // renamed or removed record no longer has, and the worklist items of a patient whose consent
    // moved or who was archived (a consent plan's deletes go through the committer: their unit tests
    // show they name only the worklist's item).
    const derivedItems = [
      'lambdas/platform/dynamodb/search-index.ts',
      // The one committer of write plans: a plan's deletes are its search index items (kernel/read-models/search-entries.ts).
      'lambdas/platform/dynamodb/committer.ts',
      'lambdas/platform/dynamodb/writes/awaiting-consent.ts',
      'lambdas/platform/dynamodb/committer.ts',
    ];
    for (const name of ['manage-user', 'patient-data'] as const) {
      const sites = derived.get(name)?.get('dynamodb:DeleteItem') ?? [];
      expect(sites.length, name).toBeGreaterThan(0);
      expect(
        sites.filter((site) => !derivedItems.some((file) => site.includes(file))),
        name,
      ).toEqual([]);
      expect(derived.get(name)?.has('dynamodb:BatchWriteItem'), name).toBe(false);
    }
  });

  it('allows exactly its declared Cognito admin actions, on the user pool', () => {
    for (const name of ALL_FUNCTIONS) {
      expect(allowed(name, 'cognito-idp:'), name).toEqual(declared(name, 'identity'));
      for (const statement of statementsOf(name).filter((s) => JSON.stringify(s.Action).includes('cognito-idp:'))) {
        expect(JSON.stringify(statement.Resource), name).toContain('UserPool');
      }
    }
    expect(allowed('provider-data', 'cognito-idp:')).toContain('cognito-idp:AdminDisableUser');
  });

  it('allows exactly its declared Scheduler actions, in the call group, passing the role only to create', () => {
    for (const name of ALL_FUNCTIONS) {
      const actions = declared(name, 'scheduler');
      expect(allowed(name, 'scheduler:'), name).toEqual(actions);
      expect(allowed(name, 'iam:PassRole').length > 0, name).toBe(actions.includes('scheduler:CreateSchedule'));
      for (const statement of statementsOf(name)) {
        const scheduleActions = asArray(statement.Action).filter((a) => a.startsWith('scheduler:'));
        if (scheduleActions.length === 0) continue;
        if (scheduleActions.includes('scheduler:ListSchedules')) {
          expect(statement.Resource, name).toBe('*');
          expect(scheduleActions, name).toEqual(['scheduler:ListSchedules']);
        } else {
          expect(JSON.stringify(statement.Resource), name).toMatch(/:schedule\/careloop-dev-calls\/\*"/);
        }
      }
    }
  });

  it('allows exactly its declared bus, e-mail and secret actions, on their own resources', () => {
    for (const name of ALL_FUNCTIONS) {
      expect(allowed(name, 'events:'), name).toEqual(declared(name, 'bus'));
      expect(allowed(name, 'ses:'), name).toEqual(declared(name, 'email'));
      const secretReads = statementsOf(name).filter((s) => asArray(s.Action).includes('secretsmanager:GetSecretValue'));
      const reads = (secret: string) => secretReads.some((s) => JSON.stringify(s.Resource).includes(secret));
      expect(reads('VapiSecret'), `${name} Vapi secret`).toBe(declared(name, 'vapi').length > 0);
      expect(reads('TwilioSecret'), `${name} Twilio secret`).toBe(declared(name, 'sms').length > 0);
      expect(
        allowed(name, 'secretsmanager:').every((a) => a === 'secretsmanager:GetSecretValue'),
        name,
      ).toBe(true);
    }
    // A function that needs Vapi's variables but never reads its secret gets no access to it.
    expect(CONFIG_NEEDS['compliance-settings']).toContain('vapi');
    expect(allowed('compliance-settings', 'secretsmanager:')).toEqual([]);
  });

  it('allows nothing else than its declared actions and the platform ones (logs, traces, keys, dead letters)', () => {
    for (const name of ALL_FUNCTIONS) {
      const declaredActions = new Set(Object.values(PERMISSIONS[name]).flat());
      const others = statementsOf(name)
        .filter((s) => s.Effect === 'Allow')
        .flatMap((s) => asArray(s.Action))
        .filter((a) => !declaredActions.has(a as never) && !/^(logs|xray|kms):/.test(a));
      const expected = [
        ...(declared(name, 'scheduler').includes('scheduler:CreateSchedule') ? ['iam:PassRole'] : []),
        // Its dead-letter queue (unless it also sends to the queue of due calls, a declared action).
        ...(JOBS.some((job) => job.name === name) && !declaredActions.has('sqs:SendMessage' as never)
          ? ['sqs:SendMessage']
          : []),
        ...(JOBS.some((job) => job.name === name && job.trigger.kind === 'table-stream') ? STREAM_READS : []),
        ...(JOBS.some((job) => job.name === name && job.trigger.kind === 'queue') ? QUEUE_READS : []),
      ];
      expect(sorted(new Set(others)), name).toEqual(sorted(expected));
    }
  });

  it('carries the audit append-only deny on every role', () => {
    for (const name of ALL_FUNCTIONS) {
      const denies = statementsOf(name).filter((s) => s.Effect === 'Deny');
      expect(denies, name).toEqual([
        expect.objectContaining({
          Action: expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']),
          Resource: tableArn,
          Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [AUDIT_EVENT_PARTITION_KEY_PATTERN] } },
        }),
      ]);
    }
  });
});
