/**
 * The organization's chart version (dashboard/store/chart-figures.ts): every write of a record a
 * chart figure is computed from moves it once committed.
 */
import { chartVersionKey as versionKey } from '../../../kernel/read-models/counters';
import { logger } from '../../../kernel/observability';
import type { CareLoopService } from '../entities';

/**
 * Moves the organization's chart version, after the write that changed a figure committed (never in
 * its transaction: every write of the practice would then contend for one item). Should this fail,
 * the figures stay as they were until the next change or until they age out (CHART_FIGURES_MAX_AGE_MS).
 */
export async function chartsChanged(db: CareLoopService, organizationId: string): Promise<void> {
  await db.entities.counter
    .update(versionKey(organizationId))
    .add({ value: 1 })
    .go()
    .catch((error: unknown) => {
      logger.warn('chart version not moved', { organizationId, errorName: (error as Error).name });
    });
}
