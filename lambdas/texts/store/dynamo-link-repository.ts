import { TABLE_SCHEMA } from '../../platform/dynamodb/table-schema';
import type { CallLinkRepository } from '../ports';
import type { LinkRecord } from '../../kernel/records/link';
import { isConditionFailure } from '../../platform/dynamodb/conditions';
import type { CareLoopService } from '../../platform/dynamodb/entities';

/**
 * Links by the hash of their token; DynamoDB's TTL removes them a day after they expire. A patient's
 * call links as a whole (their call window and revocation) are one item per patient.
 */
export class DynamoLinkRepository implements CallLinkRepository {
  constructor(private readonly db: CareLoopService) {}

  async create(link: LinkRecord): Promise<void> {
    await this.db.entities.link
      .create({
        token_hash: link.tokenHash,
        kind: link.kind,
        organization_id: link.organizationId,
        patient_id: link.patientId,
        ...(link.callLogId ? { call_log_id: link.callLogId } : {}),
        created_at: link.createdAt,
        created_by: link.createdBy,
        expires: link.expires,
        [TABLE_SCHEMA.timeToLiveAttribute]: Math.floor(Date.parse(link.expires) / 1000) + 24 * 3600,
      })
      .go();
  }

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
    };
  }

  async revokedAt(patientId: string): Promise<string | null> {
    const { data } = await this.db.entities.patientLinks.get({ patient_id: patientId }).go();
    return data?.revoked_at ?? null;
  }

  async revokeAll(patientId: string, organizationId: string, at: string): Promise<void> {
    await this.db.entities.patientLinks
      .update({ patient_id: patientId })
      .set({ provider_id: organizationId, revoked_at: at })
      .go();
  }

  async releaseCall(patientId: string, at: string): Promise<void> {
    await this.db.entities.patientLinks
      .patch({ patient_id: patientId })
      .remove(['call_at'])
      .where(({ call_at }, { eq }) => eq(call_at, at))
      .go()
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }
}
