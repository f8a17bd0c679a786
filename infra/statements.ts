import { Aws } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';

/** Use of a KMS key only through one AWS service (the service encrypts on the caller's behalf). */
export function kmsViaServiceStatement(key: IKey, service: string, actions: string[]): PolicyStatement {
  return new PolicyStatement({
    actions,
    resources: [key.keyArn],
    conditions: {
      StringEquals: {
        'kms:ViaService': `${service}.${Aws.REGION}.amazonaws.com`,
      },
    },
  });
}
