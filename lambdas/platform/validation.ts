import type { z } from 'zod/mini';
import { badRequest } from '../kernel/app-error';
import { notFoundByCode } from '../kernel/error-catalogue';

/** The 400 for a zod issue: its field in the code, its message as the error text. */
function invalid(issue: z.core.$ZodIssue | undefined) {
  const field = issue?.path.join('.');
  return badRequest(field ? `request.invalid.${field}` : 'request.invalid', issue?.message ?? 'Invalid request');
}

/** Parses input with a zod schema; the first issue's message becomes the 400 error text. */
export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalid(result.error.issues[0]);
}

/**
 * A JSON request body checked with a schema. No body reads as `{}`, so a missing field gets its
 * own message from the spec; a body that is not a JSON object is refused as such.
 */
export function parseBody<S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S> {
  if (body === undefined || body === null) return parseInput(schema, {});
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('request.invalid_body', 'The request body must be a JSON object');
  }
  return parseInput(schema, body);
}

/**
 * A route's path parameters checked with their schemas (shared/validation.ts) before the action
 * runs. An id that cannot exist names a record that does not exist: it answers the 404 of the record
 * it names (its issue is that record's not-found code), as an unknown id or another organization's
 * record does; another malformed parameter (a billing month) answers 400. Neither reaches a key or
 * an audit record. The parsed values are canonical (UUIDs lower-case).
 */
export function parsePath<S extends z.ZodMiniType>(schema: S, params: Readonly<Record<string, string>>): z.infer<S> {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw notFoundByCode(issue?.message) ?? invalid(issue);
}
