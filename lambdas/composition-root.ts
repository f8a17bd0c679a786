import { randomUUID } from 'node:crypto';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CognitoIdentityDirectory } from './adapters/cognito/cognito-identity-directory';
import { DynamoClinicalDocumentRepository } from './adapters/dynamodb/dynamo-clinical-document-repository';
import { DynamoPatientRepository } from './adapters/dynamodb/dynamo-patient-repository';
import { DynamoAuditLog } from './adapters/dynamodb/dynamo-audit-log';
import { DynamoCounterRepository } from './adapters/dynamodb/dynamo-counter-repository';
import { DynamoOrganizationRepository } from './adapters/dynamodb/dynamo-organization-repository';
import { DynamoUserProfileRepository } from './adapters/dynamodb/dynamo-user-profile-repository';
import { createEntities } from './adapters/dynamodb/entities';
import type { Clock, Ids } from './application/ports';
import type { Env } from './platform/env';
import { readEnv } from './platform/env';

export const systemClock: Clock = { now: () => new Date() };
export const randomIds: Ids = { newId: () => randomUUID() };

/** Builds every adapter once per Lambda container from validated configuration. */
export function createDeps(env: Env = readEnv(), clock: Clock = systemClock, ids: Ids = randomIds) {
  const client = new DynamoDBClient({
    region: env.region,
    ...(env.dynamoEndpoint ? { endpoint: env.dynamoEndpoint } : {}),
  });
  const db = createEntities(client, env.tableName);
  return {
    env,
    clock,
    ids,
    db,
    audit: new DynamoAuditLog(db, clock, ids),
    counters: new DynamoCounterRepository(db),
    organizations: new DynamoOrganizationRepository(db),
    profiles: new DynamoUserProfileRepository(db),
    patients: new DynamoPatientRepository(db),
    documents: new DynamoClinicalDocumentRepository(db),
    identity: new CognitoIdentityDirectory(
      new CognitoIdentityProviderClient({
        region: env.region,
        ...(env.cognitoEndpoint ? { endpoint: env.cognitoEndpoint } : {}),
      }),
      env.userPoolId,
    ),
  };
}

export type AppDeps = ReturnType<typeof createDeps>;
