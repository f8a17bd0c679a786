import { Stack, Validations } from 'aws-cdk-lib';
import type { CfnManagedPolicy, ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges cdk-nag findings on a construct (and everything below it) with one written reason.
 * cdk-nag 3 matches each finding id exactly, so wildcard findings are listed one by one
 * (`AwsSolutions-IAM5[Resource::*]`).
 */
export function acknowledge(scope: IConstruct, ids: readonly string[], reason: string): void {
  if (reason.trim().length < 40) {
    throw new Error(`cdk-nag acknowledgement of ${ids.join(', ')} at ${scope.node.path} needs a specific reason`);
  }
  for (const id of ids) Validations.of(scope).acknowledge({ id, reason });
}

interface PolicyDocumentJson {
  readonly Statement?: readonly {
    readonly Effect?: string;
    readonly Resource?: unknown;
  }[];
}

/**
 * Acknowledges the `AwsSolutions-IAM5[Resource::…]` findings of a managed policy whose wildcard
 * resource passes `accept` (the v2 `appliesTo` regex, in v3 terms). The finding ids embed resolved
 * cross-stack references, known only once the app is prepared, so they are computed at validation
 * time from the policy document itself, with cdk-nag's own flattening.
 */
export function acknowledgeWildcardResources(
  policy: ManagedPolicy,
  accept: (resource: string) => boolean,
  reason: string,
): void {
  policy.node.addValidation({
    validate: () => {
      const cfn = policy.node.defaultChild as CfnManagedPolicy;
      const document = Stack.of(cfn).resolve(cfn.policyDocument) as PolicyDocumentJson;
      const ids = new Set<string>();
      for (const statement of document.Statement ?? []) {
        if (statement.Effect !== 'Allow') continue;
        const resources: unknown[] = Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
        for (const resource of resources) {
          const flat = flattenCfnReference(resource);
          if (flat.includes('*') && accept(flat)) ids.add(`AwsSolutions-IAM5[Resource::${flat}]`);
        }
      }
      acknowledge(policy, [...ids], reason);
      return [];
    },
  });
}
