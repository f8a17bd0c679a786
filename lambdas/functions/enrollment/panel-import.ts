import { createImport, getImport, importReport, previewImport, startImport } from '../../enrollment/panel-imports';
import { DynamoPanelImportStore } from '../../enrollment/store/dynamo-panel-import-store';
import { ENROLLMENT } from '../../enrollment/spec';
import { eventPublisher, tableDeps } from '../../composition-root';
import { readCallingCodes, readPanelFilesEnv } from '../../kernel/env';
import { apiFunction } from '../../kernel/spec';
import { defineFunction } from '../../platform/http-handler';
import { created, ok } from '../../platform/http';
import { s3PanelFiles } from '../../vendors/s3/s3-panel-files';

export const handler = defineFunction(
  apiFunction(ENROLLMENT, 'panel-import'),
  {
    createImport: async ({ actor, deps, body, ownProfile }) =>
      created(await createImport(deps, actor, await ownProfile(), body)),
    getImport: async ({ actor, deps, path }) => ok({ import: await getImport(deps, actor, path.importId) }),
    previewImport: async ({ actor, deps, path }) => ok({ import: await previewImport(deps, actor, path.importId) }),
    startImport: async ({ actor, deps, path }) => ok({ import: await startImport(deps, actor, path.importId) }),
    importReport: async ({ actor, deps, path }) => ok(await importReport(deps, actor, path.importId)),
  },
  () => {
    const table = tableDeps();
    return {
      ...table,
      imports: new DynamoPanelImportStore(table.db),
      files: s3PanelFiles(readPanelFilesEnv()),
      events: eventPublisher(),
      callingCodes: readCallingCodes(),
    };
  },
);
