/**
 * The AWS actions each function's code issues, per configuration group: the single source of the
 * function's IAM grants. The CDK grants exactly these, on the resources of the group
 * (infra/constructs/function-configuration.ts); a group a function needs for its variables but
 * whose actions it never calls grants nothing. test/infra/permissions.test.ts derives the same
 * lists from each handler's call graph and fails, naming the function and the action, when code
 * and manifest differ in either direction.
 */
import type { JobName } from './jobs';
import type { ConfigNeed } from './kernel/env';
import type { FunctionName } from './routes';

/**
 * Item actions on the single table. Never Scan (no Scan in a request path) and never DescribeTable
 * (ElectroDB does not call it). A transaction is authorized by the actions of its items.
 */
export type TableAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:BatchGetItem'
  | 'dynamodb:Query'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:BatchWriteItem'
  | 'dynamodb:ConditionCheckItem';

/** Admin calls on the user pool (lambdas/vendors/cognito). */
export type IdentityAction = `cognito-idp:Admin${string}`;

/** One-time call schedules in the call-schedule group (creating one passes the scheduler role). */
export type SchedulerAction = 'scheduler:CreateSchedule' | 'scheduler:DeleteSchedule' | 'scheduler:ListSchedules';

/** The actions each configuration group can grant; the other groups are variables only. */
export interface GroupActions {
  readonly table: TableAction;
  readonly identity: IdentityAction;
  readonly scheduler: SchedulerAction;
  readonly bus: 'events:PutEvents';
  readonly email: 'ses:SendEmail';
  /** Reading the Vapi secret. */
  readonly vapi: 'secretsmanager:GetSecretValue';
  /** Reading the Twilio secret. */
  readonly sms: 'secretsmanager:GetSecretValue';
}
export type PermissionGroup = keyof GroupActions & ConfigNeed;

export type FunctionPermissions = { readonly [G in PermissionGroup]?: readonly GroupActions[G][] };

export const PERMISSIONS: Record<FunctionName | JobName, FunctionPermissions> = {
  me: {
    table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'],
  },
  'get-dashboard-stats': {
    // The worklist names patients: its read is audited (one event put). The charts store the
    // figures they computed (one BatchWriteItem of puts).
    table: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:BatchWriteItem',
    ],
  },
  'create-provider': {
    table: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
  },
  'provider-data': {
    // A renamed or archived organization's search index items are deleted.
    table: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem',
    ],
    identity: ['cognito-idp:AdminDisableUser', 'cognito-idp:AdminUserGlobalSignOut'],
    bus: ['events:PutEvents'],
  },
  'manage-user': {
    // A changed or removed account's search index items are deleted.
    table: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    ],
    identity: [
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminUpdateUserAttributes',
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminRemoveUserFromGroup',
      'cognito-idp:AdminListGroupsForUser',
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminUserGlobalSignOut',
    ],
  },
  'patient-data': {
    // A changed or archived patient's search index items are deleted.
    table: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    ],
    scheduler: ['scheduler:CreateSchedule'],
    bus: ['events:PutEvents'],
  },
  'care-plans': {
    table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  },
  'emr-notes': {
    table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  },
  'compliance-settings': {
    table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem'],
  },
  'call-logs': {
    table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem'],
  },
  'outbound-call': {
    // A call that ends (failed, or reported) leaves the open-calls index: its item is deleted.
    table: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    ],
    vapi: ['secretsmanager:GetSecretValue'],
  },
  'schedule-call': {
    table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    scheduler: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:ListSchedules'],
  },
  'web-call-config': {
    // The call log as a placed call's: created with the patient's lock, failed or cancelled later.
    table: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    ],
    vapi: ['secretsmanager:GetSecretValue'],
  },
  'vapi-webhook': {
    table: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    ],
    bus: ['events:PutEvents'],
    vapi: ['secretsmanager:GetSecretValue'],
  },
  'call-summaries': {
    // A summary's status change moves its entry between tab items (delete one, put the other).
    table: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    ],
  },
  'summary-link': {
    table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem'],
  },
  'patient-texts': {
    // Resolving a callback request deletes its worklist entry (open_callback), not the text.
    table: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem',
    ],
    sms: ['secretsmanager:GetSecretValue'],
  },
  'call-link': {
    table: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    ],
    vapi: ['secretsmanager:GetSecretValue'],
  },
  'twilio-webhook': {
    table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    sms: ['secretsmanager:GetSecretValue'],
  },
  'care-time': {
    // An entry and its patient-month and day totals are one transaction (Put and two Updates).
    table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  },
  'billing-report': {
    // PutItem: the audit events of reads and changes.
    table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  },
  'place-scheduled-call': {
    table: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    ],
    scheduler: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:ListSchedules'],
    bus: ['events:PutEvents'],
    vapi: ['secretsmanager:GetSecretValue'],
  },
  'reconcile-calls': {
    table: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    ],
    scheduler: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:ListSchedules'],
    bus: ['events:PutEvents'],
    vapi: ['secretsmanager:GetSecretValue'],
  },
  'call-follow-up': {
    // A patient who asked not to be called again: their pending check-ins are found and cancelled.
    table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    scheduler: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:ListSchedules'],
  },
  'notify-call': {
    table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    email: ['ses:SendEmail'],
    sms: ['secretsmanager:GetSecretValue'],
    vapi: ['secretsmanager:GetSecretValue'],
  },
  'cancel-patient-calls': {
    table: ['dynamodb:Query', 'dynamodb:UpdateItem'],
    scheduler: ['scheduler:DeleteSchedule', 'scheduler:ListSchedules'],
  },
  'rebuild-worklist': {
    // Each patient's item in a transaction conditional on the patient (ConditionCheck); counts and
    // call keys conditional on the record as read again.
    table: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem',
    ],
  },
  'migrate-phones': {
    // Queries of the organization and patient indexes; each number re-written conditional on it as
    // read, with its audit event (a conditional Put) in the same transaction.
    table: ['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  },
  'post-confirmation': {
    // One transaction: the pending profile and its audit event, each a conditional Put.
    table: ['dynamodb:PutItem'],
  },
};
