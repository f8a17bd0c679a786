/**
 * Runs before each test file of a project whose files share one module graph (`isolate: false`, so
 * the modules are loaded once, not once per file): what a file may have changed for the files after
 * it is put back, as a fresh process would have it. The environment is the one the first file
 * started with (a file may point it at a stack of its own); sign-ins are forgotten (a file may sign an
 * account out everywhere, revoke it, or sign in to a stack of its own); handlers run in the test's
 * process are loaded afresh (they keep the clients their first call made).
 */
import { forgetSignIns } from './fixtures';
import { forgetHandlers } from './in-process-handlers';

const state = globalThis as { careloopFirstEnvironment?: Readonly<Record<string, string | undefined>> };
const first = (state.careloopFirstEnvironment ??= { ...process.env });
for (const name of Object.keys(process.env)) {
  if (!(name in first)) delete process.env[name];
}
Object.assign(process.env, first);
forgetSignIns();
forgetHandlers();
