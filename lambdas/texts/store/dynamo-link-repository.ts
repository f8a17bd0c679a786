import type { CallLinkRepository } from '../ports';
import type { LinkRecord } from '../../kernel/records/link';
import type { CareLoopService } from '../../platform/dynamodb/entities';

/**
 * Links by the hash of their token (created by kernel/links.ts's plan; DynamoDB's TTL removes them a
 * day after they expire). A patient's call links as a whole (their call window and revocation) are
 * one item per patient (texts/call-link-plans.ts).
 */
export class DynamoLinkRepository implements CallLinkRepository {
  constructor(private readonly db: CareLoopService) {}

  async get(tokenHash: string): Promise<LinkRecord | null> {
    const { data } = await this.db.entities.link.get({ token_hash: tokenHash }).go();
    if (!data) return null;
    return {
      tokenHash: data.token_hash,
      kind: data.kind,
      organizationId: data.organization_id,
      patientId: data.patient_id,
      callLogId: data.call_log_id ?? null,
      createdAt: data.created_at,
      createdBy: data.created_by,
      expires: data.expires,
      ...(data.wrong_attempts ? { wrongAttempts: data.wrong_attempts } : {}),
    };
  }

  async revokedAt(patientId: string): Promise<string | null> {
    const { data } = await this.db.entities.patientLinks.get({ patient_id: patientId }).go();
    return data?.revoked_at ?? null;
  }
}
