/**
 * One route's identity: its method, its API Gateway resource path (`{name}` segments are path
 * parameters) and who may call it. Light on purpose: the web's route client imports these tables,
 * never the contract's schemas and examples.
 */
import type { RouteAccess } from '../access';
import type { HttpMethod } from '../http';

export interface RouteDefinition {
  readonly method: HttpMethod;
  readonly resource: string;
  readonly access: RouteAccess;
}
