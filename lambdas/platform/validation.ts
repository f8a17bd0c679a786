import type { z } from 'zod/mini';
import { badRequest } from './errors';

/** Parses input with a zod schema; the first issue's message becomes the 400 error text. */
export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  throw badRequest(field ? `request.invalid.${field}` : 'request.invalid', issue?.message ?? 'Invalid request');
}
