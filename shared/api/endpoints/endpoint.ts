/**
 * One route with the schemas of what it takes. A capability's endpoints spread its route
 * definitions (`../routes/`), which stay light for the web's route client; the functions' specs and
 * the contract read the endpoints, so a route's input is declared once.
 */
import type * as z from 'zod/mini';
import type { RouteDefinition } from '../routes/route';

export interface Endpoint extends RouteDefinition {
  /** The path parameters' schema (required when the path has `{parameters}`). */
  readonly path?: z.ZodMiniType;
  /** The query string's schema; null: the route reads no query. */
  readonly query?: z.ZodMiniType | null;
  /** The JSON body's schema (a form's, for Twilio); null: the route reads no body. */
  readonly body?: z.ZodMiniType | null;
}
