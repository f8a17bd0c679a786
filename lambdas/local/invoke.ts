/**
 * Local invocation of a job's handler (`lambdas/functions/<capability>/<name>.ts`), as Lambda does it: the event,
 * a Lambda context, and the function's timeout from the job manifest.
 */
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { functionEntry } from '../function-entries';
import { JOBS, type JobDefinition, type JobName } from '../jobs';
import { lambdaContext } from './lambda-context';

type JobHandler = (event: unknown, context: Context) => Promise<unknown>;

/** Lambda's default timeout when the manifest gives none (CareLoopFunction's default). */
const DEFAULT_TIMEOUT_SECONDS = 30;

/** Lambda's own error when a function runs past its timeout. */
export class LocalTimeoutError extends Error {
  constructor(job: JobName, seconds: number) {
    super(`Task timed out after ${seconds} seconds (${job})`);
    this.name = 'Sandbox.Timedout';
  }
}

const handlers = new Map<JobName, Promise<JobHandler>>();
function loadHandler(job: JobName): Promise<JobHandler> {
  let loaded = handlers.get(job);
  if (!loaded) {
    loaded = import(pathToFileURL(functionEntry(job)).href).then((m: { handler: JobHandler }) => m.handler);
    // A handler that failed to load (a syntax error being fixed) is loaded again next time.
    loaded.catch(() => handlers.delete(job));
    handlers.set(job, loaded);
  }
  return loaded;
}

export async function invokeJob(name: JobName, event: unknown): Promise<unknown> {
  const handler = await loadHandler(name);
  const definition: JobDefinition | undefined = JOBS.find((j) => j.name === name);
  const seconds = definition?.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LocalTimeoutError(name, seconds)), seconds * 1000);
  });
  try {
    return await Promise.race([handler(event, lambdaContext(name, seconds * 1000)), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
