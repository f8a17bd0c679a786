import { getMe } from '../application/me';
import { createDeps } from '../composition-root';
import { defineFunction } from '../platform/http-handler';
import { ok } from '../platform/http';

export const handler = defineFunction(
  'me',
  { 'GET /me': async ({ actor, deps }) => ok(await getMe(deps, actor)) },
  createDeps,
);
