import { migratePhones } from '../../patients/phone-migration';
import { DynamoPhoneMigration } from '../../patients/store/dynamo-phone-migration';
import { tableDeps } from '../../composition-root';
import { readCallingCodes } from '../../kernel/env';
import { defineJob } from '../../platform/job-handler';
import { logger } from '../../kernel/observability';
import { jobOf } from '../../kernel/spec';
import { PATIENTS } from '../../patients/spec';

/** By hand after the deploy that brings E.164 numbers, and daily as a repair: stored numbers in E.164. */
export const handler = defineJob(
  jobOf(PATIENTS, 'migrate-phones'),
  () => ({}),
  async (deps) => {
    const result = await migratePhones(deps);
    logger.info('phone numbers migrated', { ...result });
  },
  () => {
    const { db, committer, clock, ids } = tableDeps();
    return { phones: new DynamoPhoneMigration(db), committer, clock, ids, callingCodes: readCallingCodes() };
  },
);
