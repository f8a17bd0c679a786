import { ManagedPolicy, Role } from 'aws-cdk-lib/aws-iam';
import type { AddToPrincipalPolicyResult, PolicyStatement, RoleProps } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

/**
 * An IAM role whose grants land in one customer-managed policy attached to it, never in an
 * inline policy (HIPAA `IAMNoInlinePolicy`) nor in an AWS managed policy (`AwsSolutions-IAM4`).
 * `table.grantReadWriteData(role)`, `key.grantDecrypt(role)` and the Lambda construct's own
 * tracing grant all go through `addToPrincipalPolicy`, so they keep working unchanged.
 */
export class ManagedPolicyRole extends Role {
  readonly policy: ManagedPolicy;

  constructor(scope: Construct, id: string, props: RoleProps) {
    super(scope, id, props);
    this.policy = new ManagedPolicy(this, 'Policy', { roles: [this] });
  }

  override addToPrincipalPolicy(statement: PolicyStatement): AddToPrincipalPolicyResult {
    this.policy.addStatements(statement);
    return { statementAdded: true, policyDependable: this.policy };
  }
}
