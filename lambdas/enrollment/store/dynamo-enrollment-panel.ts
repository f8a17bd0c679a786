/**
 * The Enrollment panel's reads (docs/access-patterns.md "enrollment_entry", "pcm_candidate"): the
 * organization's counters named `enrollment#<stage>` and `enrollment#pcm_candidates` (one Query),
 * a stage's items and the PCM candidates' items (one Query, a page).
 */
import { ENROLLMENT_STAGES, type EnrollmentStage } from '../../../shared/enrollment/funnel';
import type { PreferredLanguage } from '../../../shared/enrollment/patient-fields';
import type { Page } from '../../kernel/ports';
import { organizationScope } from '../../kernel/read-models/counters';
import { enrollmentCounter } from '../../kernel/read-models/enrollment-stages';
import { PCM_CANDIDATES_COUNTER } from '../../kernel/read-models/pcm-candidates';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';
import type { EnrollmentPanelReads, StageEntry } from '../ports';

export class DynamoEnrollmentPanel implements EnrollmentPanelReads {
  constructor(private readonly db: CareLoopService) {}

  async stageCounts(organizationId: string): Promise<Partial<Record<EnrollmentStage | 'pcm_candidates', number>>> {
    const { data } = await this.db.entities.counter.query
      .byScope({ scope: organizationScope(organizationId) })
      .begins({ name: 'enrollment#' })
      .go({ pages: 'all' });
    const byName = new Map(data.map((c) => [c.name, c.value]));
    const counted: [EnrollmentStage | 'pcm_candidates', string][] = [
      ...ENROLLMENT_STAGES.map((stage): [EnrollmentStage, string] => [stage, enrollmentCounter(stage)]),
      ['pcm_candidates', PCM_CANDIDATES_COUNTER],
    ];
    return Object.fromEntries(
      counted.flatMap(([key, name]) => {
        const value = byName.get(name);
        return value === undefined ? [] : [[key, value]];
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
      items: page.items.map(toEntry),
      cursor: page.cursor,
    };
  }

  async pagePcmCandidates(
    organizationId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<StageEntry> | 'invalid_cursor'> {
    const page = await queryPage(
      this.db.entities.pcmCandidate.query.byOrganization({ provider_id: organizationId }),
      limit,
      cursor,
    );
    if (page === 'invalid_cursor') return page;
    return {
      items: page.items.map(toEntry),
      cursor: page.cursor,
    };
  }
}

/** An item as the panel reads it: its copy of the patient only when the item carries all of it. */
function toEntry(e: {
  patient_id: string;
  entered_at: string;
  first_name?: string;
  last_name?: string;
  condition_count?: number;
  has_phone?: boolean;
  preferred_language?: PreferredLanguage;
}): StageEntry {
  const { first_name, last_name, condition_count, has_phone, preferred_language } = e;
  const listed =
    first_name !== undefined &&
    last_name !== undefined &&
    condition_count !== undefined &&
    has_phone !== undefined &&
    preferred_language !== undefined
      ? { first_name, last_name, condition_count, has_phone, preferred_language }
      : null;
  return { patientId: e.patient_id, enteredAt: e.entered_at, listed };
}
