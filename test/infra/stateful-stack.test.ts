import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ARCHIVE_RETENTION_DAYS } from '../../lambdas/audit/spec';
import { auditEventItem } from '../../lambdas/kernel/audit-event-item';
import { TABLE_SCHEMA } from '../../lambdas/platform/dynamodb/table-schema';
import { CLIENT_READABLE_ATTRIBUTES, CLIENT_WRITABLE_ATTRIBUTES } from '../../shared/identity-attributes';
import { PASSWORD_POLICY } from '../../shared/password-policy';
import { ROLES } from '../../shared/roles';
import { SYNTH_TIMEOUT_MS, synthesizeCareLoopApp } from './synth-app';

let template: Template;

beforeAll(() => {
  const { stateful } = synthesizeCareLoopApp();
  template = Template.fromStack(stateful);
}, SYNTH_TIMEOUT_MS);

describe('Cognito user pool', () => {
  it('signs in with e-mail, allows self sign-up and verifies e-mail', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      DeletionProtection: 'ACTIVE',
    });
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
    });
  });

  it('has the mutable custom attribute provider_id', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Schema: Match.arrayWith([
        Match.objectLike({
          Name: 'provider_id',
          AttributeDataType: 'String',
          Mutable: true,
        }),
      ]),
    });
  });

  it('has exactly the three role groups', () => {
    const groups = template.findResources('AWS::Cognito::UserPoolGroup');
    const names = Object.values(groups).map((group) => (group.Properties as { GroupName: string }).GroupName);
    expect(names.sort()).toEqual([...ROLES].sort());
    expect(names.sort()).toEqual(['careloop_employee', 'patient', 'provider']);
  });

  it('requires the password policy of shared/password-policy.ts', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: PASSWORD_POLICY.minLength,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
          TemporaryPasswordValidityDays: 3,
        }),
      },
    });
    expect(PASSWORD_POLICY.minLength).toBe(12);
  });

  it('requires TOTP two-factor sign-in, with no SMS or e-mail codes', () => {
    const pool = Object.values(template.findResources('AWS::Cognito::UserPool'))[0]?.Properties as Record<
      string,
      unknown
    >;
    expect(pool.MfaConfiguration).toBe('ON');
    expect(pool.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(pool.SmsConfiguration).toBeUndefined();
  });

  it('has threat protection in full-function mode on the Plus feature plan', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
  });
});

describe('web app client', () => {
  const client = () => {
    const clients = Object.values(template.findResources('AWS::Cognito::UserPoolClient'));
    expect(clients).toHaveLength(1);
    return clients[0]?.Properties as Record<string, unknown>;
  };

  it('allows USER_PASSWORD_AUTH and refresh, without a secret or OAuth', () => {
    expect(client().ExplicitAuthFlows).toEqual(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    expect(client().GenerateSecret).toBe(false);
    expect(client().AllowedOAuthFlows).toBeUndefined();
  });

  it('issues access and id tokens valid for at most 15 minutes', () => {
    const { AccessTokenValidity, IdTokenValidity, TokenValidityUnits } = client() as {
      AccessTokenValidity: number;
      IdTokenValidity: number;
      TokenValidityUnits: { AccessToken: string; IdToken: string };
    };
    expect(TokenValidityUnits).toMatchObject({
      AccessToken: 'minutes',
      IdToken: 'minutes',
    });
    expect(AccessTokenValidity).toBeLessThanOrEqual(15);
    expect(IdTokenValidity).toBeLessThanOrEqual(15);
  });

  it('lets users read but never write custom:provider_id (the tenant boundary)', () => {
    expect(client().ReadAttributes).toContain('custom:provider_id');
    expect(client().WriteAttributes).not.toContain('custom:provider_id');
  });

  it('may write exactly the attributes of shared/identity-attributes.ts, which the local proxy enforces', () => {
    expect([...(client().WriteAttributes as string[])].sort()).toEqual(['email', 'family_name', 'given_name']);
    expect([...(client().WriteAttributes as string[])].sort()).toEqual([...CLIENT_WRITABLE_ATTRIBUTES].sort());
    expect([...(client().ReadAttributes as string[])].sort()).toEqual([...CLIENT_READABLE_ATTRIBUTES].sort());
  });
});

describe('DynamoDB table', () => {
  it('is built from TABLE_SCHEMA', () => {
    const { partitionKey, sortKey, globalIndexes, timeToLiveAttribute } = TABLE_SCHEMA;
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: globalIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      TimeToLiveSpecification: {
        AttributeName: timeToLiveAttribute,
        Enabled: true,
      },
      BillingMode: 'PAY_PER_REQUEST',
    });
  });

  it('has point-in-time recovery, deletion protection and a retained resource', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PointInTimeRecoverySpecification: Match.objectLike({
          PointInTimeRecoveryEnabled: true,
        }),
        DeletionProtectionEnabled: true,
      }),
    });
  });

  it('is encrypted with the customer-managed data key, which rotates', () => {
    const keys = template.findResources('AWS::KMS::Key');
    const table = Object.values(template.findResources('AWS::DynamoDB::Table'))[0];
    const sse = (table?.Properties as { SSESpecification: Record<string, unknown> }).SSESpecification;
    expect(sse).toMatchObject({ SSEEnabled: true, SSEType: 'KMS' });
    const keyId = (sse.KMSMasterKeyId as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    expect(keys[keyId]?.Properties).toMatchObject({ EnableKeyRotation: true });
    expect(keys[keyId]?.DeletionPolicy).toBe('Retain');
  });

  it('lets EventBridge encrypt dead letters with the data key only for rules on the CareLoop bus', () => {
    template.hasResourceProperties('AWS::KMS::Key', {
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'events.amazonaws.com' },
            Action: ['kms:Decrypt', 'kms:GenerateDataKey'],
            Condition: Match.objectLike({
              ArnLike: {
                'aws:SourceArn': Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([':rule/careloop-dev/*'])] }),
              },
            }),
          }),
        ]),
      },
    });
  });

  it('is in a backup plan', () => {
    template.resourceCountIs('AWS::Backup::BackupSelection', 1);
  });
});

describe('vendor secrets', () => {
  it('generates the Vapi webhook secret beside the API key filled in after deploy', () => {
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: 'careloop-dev/vapi',
      GenerateSecretString: Match.objectLike({
        SecretStringTemplate: JSON.stringify({ apiKey: '' }),
        GenerateStringKey: 'webhookSecret',
      }),
    });
  });

  it('holds no Vapi public key in any secret template: web calls are created by the server', () => {
    const secrets = Object.values(template.findResources('AWS::SecretsManager::Secret'));
    expect(secrets.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(JSON.stringify(secret)).not.toMatch(/public_?key/i);
    }
  });

  it('holds Vapi and Twilio credentials under the data key', () => {
    for (const name of ['careloop-dev/vapi', 'careloop-dev/twilio']) {
      template.hasResource('AWS::SecretsManager::Secret', {
        DeletionPolicy: 'Retain',
        Properties: Match.objectLike({
          Name: name,
          KmsKeyId: Match.anyValue(),
        }),
      });
    }
  });
});

describe('audit archive', () => {
  const archive = () => {
    const buckets = Object.values(template.findResources('AWS::S3::Bucket')).filter(
      (bucket) => (bucket.Properties as { ObjectLockEnabled?: boolean }).ObjectLockEnabled,
    );
    expect(buckets).toHaveLength(1);
    return buckets[0] as { Properties: Record<string, unknown>; DeletionPolicy?: string };
  };

  it('locks every copy in compliance mode for six years, versioned and retained', () => {
    expect(archive().Properties).toMatchObject({
      ObjectLockEnabled: true,
      ObjectLockConfiguration: {
        ObjectLockEnabled: 'Enabled',
        Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: AUDIT_ARCHIVE_RETENTION_DAYS } },
      },
      VersioningConfiguration: { Status: 'Enabled' },
    });
    expect(AUDIT_ARCHIVE_RETENTION_DAYS).toBeGreaterThanOrEqual(6 * 365 + 1);
    expect(archive().DeletionPolicy).toBe('Retain');
  });

  it('is encrypted with the data key, private, and logs its access elsewhere', () => {
    const dataKey = Object.keys(template.findResources('AWS::KMS::Key')).find((id) => id.startsWith('DataKey'));
    expect(archive().Properties).toMatchObject({
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          {
            ServerSideEncryptionByDefault: {
              SSEAlgorithm: 'aws:kms',
              KMSMasterKeyID: { 'Fn::GetAtt': [dataKey, 'Arn'] },
            },
            BucketKeyEnabled: true,
          },
        ],
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LoggingConfiguration: { DestinationBucketName: expect.anything(), LogFilePrefix: 'audit-archive/' },
    });
  });

  it('refuses requests without TLS', () => {
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy'));
    expect(JSON.stringify(policies)).toContain('"aws:SecureTransport":"false"');
  });

  it("streams the table's changes with the item before and after", () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: TABLE_SCHEMA.streamViewType },
    });
    expect(TABLE_SCHEMA.streamViewType).toBe('NEW_AND_OLD_IMAGES');
  });

  it('keeps audit events in the table at least six years before TTL removes them', () => {
    const at = '2026-03-01T00:00:00.000Z';
    const item = auditEventItem({
      id: 'e',
      at,
      actorId: 'a',
      actorRole: 'provider',
      actorProviderId: null,
      action: 'x',
      subject: { type: 'patient', id: 'p' },
      outcome: 'success',
    });
    expect(item.expires_at - Date.parse(at) / 1000).toBeGreaterThanOrEqual(AUDIT_ARCHIVE_RETENTION_DAYS * 86_400);
  });
});
