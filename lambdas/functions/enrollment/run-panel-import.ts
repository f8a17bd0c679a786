import { runImport } from '../../enrollment/import-job';
import { DynamoPanelImportStore } from '../../enrollment/store/dynamo-panel-import-store';
import { ENROLLMENT } from '../../enrollment/spec';
import { tableDeps } from '../../composition-root';
import { readCallingCodes, readPanelFilesEnv } from '../../kernel/env';
import { logger } from '../../kernel/observability';
import { jobOf } from '../../kernel/spec';
import { defineJob, eventOf } from '../../platform/job-handler';
import { s3PanelFiles } from '../../vendors/s3/s3-panel-files';

/** On `panel_import.started`: the import's patients written in batches (a retried event resumes it). */
export const handler = defineJob(
  jobOf(ENROLLMENT, 'run-panel-import'),
  (raw) => eventOf(raw, ['panel_import.started']).detail,
  async (deps, detail) => {
    const outcome = await runImport(deps, detail.importId);
    logger.info('panel import run', { importId: detail.importId, organizationId: detail.organizationId, outcome });
  },
  () => {
    const table = tableDeps();
    return {
      ...table,
      imports: new DynamoPanelImportStore(table.db),
      files: s3PanelFiles(readPanelFilesEnv()),
      callingCodes: readCallingCodes(),
    };
  },
);
