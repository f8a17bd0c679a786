import type { Page } from '../../kernel/ports';
import type { PhoneMigration } from '../ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';

/**
 * Items per page. Whole items are read: with `count`, ElectroDB makes the cursor from the last item
 * returned, and a projection without the index keys made a cursor DynamoDB refuses on page two.
 */
const PAGE = 100;

/** The phone migration's reads (Queries of the organization and patient indexes; patients/phone-plan.ts writes). */
export class DynamoPhoneMigration implements PhoneMigration {
  constructor(private readonly db: CareLoopService) {}

  async pageOrganizations(status: 'active' | 'archived', cursor: string | null): Promise<Page<string>> {
    const { data, cursor: next } = await this.db.entities.organization.query
      .byStatus({ status })
      .go({ cursor, limit: PAGE, count: PAGE });
    return { items: data.map((o) => o.organization_id), cursor: next ?? null };
  }

  async pagePhones(
    organizationId: string,
    status: 'active' | 'archived',
    cursor: string | null,
  ): Promise<Page<{ patientId: string; phone: string }>> {
    const { data, cursor: next } = await this.db.entities.patient.query
      .byOrganization({ provider_id: organizationId, status })
      .go({ cursor, limit: PAGE, count: PAGE });
    return {
      items: data.flatMap((p) => (p.phone_number ? [{ patientId: p.patient_id, phone: p.phone_number }] : [])),
      cursor: next ?? null,
    };
  }
}
