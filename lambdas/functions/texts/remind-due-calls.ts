import { remindDueCalls } from '../../texts/reminders';
import { TEXTS } from '../../texts/spec';
import { logger } from '../../kernel/observability';
import { jobOf } from '../../kernel/spec';
import { defineJob } from '../../platform/job-handler';
import { reminderDeps } from '../../composition-root';

/** Every 5 minutes (a recurring schedule): the reminders of the calls now within 24 hours of being placed. */
export const handler = defineJob(
  jobOf(TEXTS, 'remind-due-calls'),
  () => ({}),
  async (deps) => {
    logger.info('reminders', { ...(await remindDueCalls(deps)) });
  },
  reminderDeps,
);
