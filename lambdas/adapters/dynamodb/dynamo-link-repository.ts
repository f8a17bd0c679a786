import { TABLE_SCHEMA } from './table-schema';
import type { LinkRecord, LinkRepository } from '../../application/ports';
import type { CareLoopService } from './entities';

/** Links by the hash of their token; DynamoDB's TTL removes them a day after they expire. */
export class DynamoLinkRepository implements LinkRepository {
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
}
