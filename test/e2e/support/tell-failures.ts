/**
 * A setup file of the browser tests: when a test fails, its pages' journals (page-journal.ts) are
 * printed beside the failure, so a run that failed once (in CI, say) says what the pages were doing.
 */
import { afterEach } from 'vitest';
import { tellOpenPages } from './page-journal';

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  const told = await tellOpenPages(context.task.name);
  if (told) console.error(`What the open pages did before "${context.task.name}" failed:\n${told}`);
});
