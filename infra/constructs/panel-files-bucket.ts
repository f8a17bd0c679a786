import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { PANEL_FILES_EXPIRY_DAYS } from '../../lambdas/enrollment/spec';
import { acknowledge } from '../nag';

export interface PanelFilesBucketProps {
  /** Encrypts the files at rest: they hold PHI. */
  readonly dataKey: IKey;
  /** The only origin whose pages may upload a file (by a presigned PUT). */
  readonly webOrigin: string;
}

/**
 * Where practices' panel files go for import, and the reports of the rows an import skipped
 * (DECISIONS "Enrollment"): private, TLS-only, encrypted with the data key, uploaded to by presigned
 * PUTs from the web's origin only, and every object expired a few days after it was written (an
 * import is done in minutes; its patients live in the table).
 */
export class PanelFilesBucket extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: PanelFilesBucketProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.KMS,
      encryptionKey: props.dataKey,
      bucketKeyEnabled: true,
      enforceSSL: true,
      cors: [
        {
          allowedOrigins: [props.webOrigin],
          allowedMethods: [HttpMethods.PUT],
          allowedHeaders: ['content-type'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { expiration: Duration.days(PANEL_FILES_EXPIRY_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      // Emptied by its lifecycle; CloudFormation never deletes a bucket that holds files.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.bucket,
      ['HIPAA.Security-S3BucketLoggingEnabled', 'AwsSolutions-S1'],
      'Files live a few days and are read only by the import functions; who uploaded and imported what is in ' +
        'the audit trail (each imported patient has its audit event naming the staff user).',
    );
    acknowledge(
      this.bucket,
      ['HIPAA.Security-S3BucketReplicationEnabled', 'HIPAA.Security-S3BucketVersioningEnabled'],
      'Working copies kept a few days: the patients an import writes are the record (the table, with ' +
        'point-in-time recovery and AWS Backup); a lost file is uploaded again.',
    );
  }
}
