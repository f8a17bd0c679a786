/**
 * What one route's contract says (`../contract.ts` assembles them, one module per capability beside
 * this one), and the helpers the capabilities' contracts are written with.
 */
import type * as z from 'zod/mini';
import type { RouteAccess } from '../access';
import type { HttpMethod } from '../http';

type Schema = z.ZodMiniType;

export interface AnswerContract {
  readonly schema: Schema;
  readonly description: string;
  readonly example: unknown;
}

/**
 * One route, defined once: its method, API Gateway resource path (`{name}` segments are path
 * parameters), who may call it, and what it takes and answers. The functions' spec modules
 * (lambdas/<capability>/spec.ts) serve these by name; the OpenAPI document and the route matrix
 * read them.
 */
export interface RouteContract {
  readonly method: HttpMethod;
  readonly resource: string;
  readonly access: RouteAccess;
  readonly summary: string;
  /** Required when the path has `{parameters}`: the schema the handler parses them with. */
  readonly path?: Schema;
  /** Declared on every GET: the query schema, or null when the route reads no query. */
  readonly query?: Schema | null;
  /** Declared on every POST, PUT and PATCH: the body schema, or null when the route reads no body. */
  readonly body?: Schema | null;
  readonly bodyExample?: unknown;
  /**
   * Webhooks from Twilio post forms and are answered with TwiML; CSV exports answer text/csv; FHIR
   * exports application/fhir+json; everything else is JSON.
   */
  readonly media?: 'twilio-form' | 'csv' | 'fhir';
  /** Success answers by status. */
  readonly answers: Readonly<Partial<Record<200 | 201, AnswerContract>>>;
  /** Error statuses beyond those its access and input imply (401, 403, 400, 404). */
  readonly errors?: readonly (403 | 409 | 429 | 502 | 503)[];
}

/** A success answer; its example is typed by the schema, so a wrong one does not compile. */
export const answer = <S extends Schema>(schema: S, description: string, example: z.output<S>) => ({
  schema,
  description,
  example,
});

export const page = <T>(item: T) => ({ items: [item], next_cursor: 'eyJwayI6ImV4YW1wbGUifQ' });
