import { Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import type { CareLoopConfig } from '../config';
import { WEB_DIST_DIR } from '../config';
import { ManagedPolicyRole } from '../constructs/managed-policy-role';
import { acknowledge, acknowledgeWildcardResources } from '../nag';

/** The file the web app fetches at boot (`/runtime-config.json`) to find its backend. */
export interface RuntimeConfig {
  readonly apiUrl: string;
  readonly region: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
}

export interface WebContentStackProps extends StackProps {
  readonly config: CareLoopConfig;
  readonly bucket: IBucket;
  readonly distribution: IDistribution;
  readonly runtimeConfig: RuntimeConfig;
  readonly telemetryKey: IKey;
}

/**
 * Puts the built web app (web/dist, when it was built before synth) and runtime-config.json in the
 * web bucket and invalidates the distribution.
 */
export class WebContentStack extends Stack {
  constructor(scope: Construct, id: string, props: WebContentStackProps) {
    super(scope, id, props);
    const { config } = props;

    const logGroup = new LogGroup(this, 'DeploymentLogs', {
      retention: config.logRetention,
      encryptionKey: props.telemetryKey,
      removalPolicy: config.logRemovalPolicy,
    });
    const role = new ManagedPolicyRole(this, 'DeploymentRole', {
      description: 'CDK BucketDeployment: copy the web build into the web bucket',
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    });
    logGroup.grantWrite(role);

    const runtimeConfig = Source.jsonData('runtime-config.json', props.runtimeConfig);
    new BucketDeployment(this, 'Deployment', {
      destinationBucket: props.bucket,
      sources: config.webDistAvailable ? [Source.asset(WEB_DIST_DIR), runtimeConfig] : [runtimeConfig],
      // Without a build, only runtime-config.json is written: pruning would delete the app already there.
      prune: config.webDistAvailable,
      distribution: props.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      role,
      logGroup,
    });

    acknowledge(
      role,
      [
        'AwsSolutions-IAM5[Action::s3:GetBucket*]',
        'AwsSolutions-IAM5[Action::s3:GetObject*]',
        'AwsSolutions-IAM5[Action::s3:List*]',
        'AwsSolutions-IAM5[Action::s3:Abort*]',
        'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
      ],
      'CDK BucketDeployment grant set: it reads the build from the CDK asset bucket and syncs (writes, prunes) ' +
        'the web bucket; both grants are scoped to those two buckets.',
    );
    acknowledgeWildcardResources(
      role.policy,
      (resource) => resource.endsWith('/*'),
      'Object-level S3 actions of the BucketDeployment need the object ARNs (bucket/*) of the CDK asset bucket ' +
        '(source) and of the web bucket (destination); no other bucket is granted.',
    );
    acknowledge(
      role,
      ['AwsSolutions-IAM5[Resource::*]'],
      'CDK BucketDeployment grants cloudfront:CreateInvalidation/GetInvalidation on * to invalidate the web ' +
        'distribution after a deploy; it invalidates only the distribution it is given.',
    );
    // BucketDeployment's handler is a singleton function at the stack root.
    const handler = this.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) throw new Error('WebContentStack: the BucketDeployment handler function was not found');
    acknowledge(
      handler,
      ['AwsSolutions-L1'],
      'The BucketDeployment handler is CDK-provided; its Python runtime is chosen by aws-cdk-lib and moves ' +
        'with CDK upgrades.',
    );
    acknowledge(
      handler,
      ['HIPAA.Security-LambdaConcurrency', 'HIPAA.Security-LambdaDLQ', 'HIPAA.Security-LambdaInsideVPC'],
      'CDK BucketDeployment handler: runs once per deployment as a CloudFormation custom resource, touches only ' +
        'the public web build and S3/CloudFront APIs; concurrency, DLQ and VPC do not apply.',
    );
  }
}
