import { Entity, type EntityConfiguration } from 'electrodb';
import { IMPORT_FILE_TYPES, IMPORT_STATUSES } from '../../../../shared/enrollment/panel-import';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * A practice's panel import (DECISIONS "Enrollment"), by its id; `provider_id` says whose it is (the
 * routes answer another organization's as missing). `tally` is the preview's, as JSON; `next_row` is
 * the first file row the job has not done, moved in each batch's transaction so a re-run resumes
 * there; the three counts are what the rows done became.
 */
export function panelImportEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'panel_import', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        import_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        file_name: { type: 'string', required: true },
        file_type: { type: IMPORT_FILE_TYPES, required: true },
        size: { type: 'number', required: true },
        status: { type: IMPORT_STATUSES, required: true },
        /** The staff user (token `sub`) who started it: the patients' audit events name them. */
        created_by: { type: 'string', required: true },
        /** Their name and e-mail when they started it (absent on older imports): what the job's records name. */
        created_by_name: { type: 'string' },
        created_by_email: { type: 'string' },
        created_at: { type: 'string', required: true },
        updated_at: { type: 'string', required: true },
        tally: { type: 'string' },
        next_row: { type: 'number' },
        imported: { type: 'number' },
        skipped_existing: { type: 'number' },
        skipped_errors: { type: 'number' },
        failure: { type: 'string' },
        /** The ETag of the file the preview read, set with its tally: the job reads that file only. */
        file_etag: { type: 'string' },
      },
      indexes: { byId: primary(['import_id'], []) },
    },
    config,
  );
}
