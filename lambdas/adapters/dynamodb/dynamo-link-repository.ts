import { TABLE_SCHEMA } from './table-schema';
import type { CallLinkRepository, LinkRecord } from '../../application/ports';
import { isConditionFailure } from './dynamo-organization-repository';
import type { CareLoopService } from './entities';

/** Links by the hash of their token; DynamoDB's TTL removes them a day after they expire. */
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

  async claimCall(tokenHash: string, at: string, notBefore: string): Promise<boolean> {
    try {
      await this.db.entities.link
        .patch({ token_hash: tokenHash })
        .set({ last_call_at: at })
        .where(({ last_call_at }, { notExists, lt }) => `${notExists(last_call_at)} OR ${lt(last_call_at, notBefore)}`)
        .go();
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async releaseCall(tokenHash: string, at: string): Promise<void> {
    await this.db.entities.link
      .patch({ token_hash: tokenHash })
      .remove(['last_call_at'])
      .where(({ last_call_at }, { eq }) => eq(last_call_at, at))
      .go()
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }
}
