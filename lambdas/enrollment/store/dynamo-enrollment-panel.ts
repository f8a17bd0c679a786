/**
 * The Enrollment panel's reads (docs/access-patterns.md "enrollment_entry"): the organization's
 * counters named `enrollment#<stage>` (one Query) and a stage's items (one Query, a page).
 */
import { ENROLLMENT_STAGES, type EnrollmentStage } from '../../../shared/enrollment/funnel';
import type { Page } from '../../kernel/ports';
import { organizationScope } from '../../kernel/read-models/counters';
import { enrollmentCounter } from '../../kernel/read-models/enrollment-stages';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';
import type { EnrollmentPanelReads, StageEntry } from '../ports';

export class DynamoEnrollmentPanel implements EnrollmentPanelReads {
  constructor(private readonly db: CareLoopService) {}

  async stageCounts(organizationId: string): Promise<Partial<Record<EnrollmentStage, number>>> {
    const { data } = await this.db.entities.counter.query
      .byScope({ scope: organizationScope(organizationId) })
      .begins({ name: 'enrollment#' })
      .go({ pages: 'all' });
    const byName = new Map(data.map((c) => [c.name, c.value]));
    return Object.fromEntries(
      ENROLLMENT_STAGES.flatMap((stage) => {
        const value = byName.get(enrollmentCounter(stage));
        return value === undefined ? [] : [[stage, value]];
      }),
    );
  }

  async pageStage(
    organizationId: string,
    stage: EnrollmentStage,
    limit: number,
    cursor: string | null,
  ): Promise<Page<StageEntry> | 'invalid_cursor'> {
    const page = await queryPage(
      this.db.entities.enrollmentEntry.query.byStage({ provider_id: organizationId, stage }),
      limit,
      cursor,
    );
    if (page === 'invalid_cursor') return page;
    return {
      items: page.items.map((e) => ({ patientId: e.patient_id, enteredAt: e.entered_at })),
      cursor: page.cursor,
    };
  }
}
