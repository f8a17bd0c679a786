/**
 * Query strings of the list routes (`?limit=&cursor=` and a search), as the OpenAPI document
 * describes them; the endpoints (`endpoints/`) hand the same schemas to the handlers' trigger layer.
 */
import * as z from 'zod/mini';
import { ROLES } from '../roles';
import { pageQuerySchema } from '../validation';

const search = (max: number) => z.optional(z.string().check(z.maxLength(max, { error: 'Search text is too long' })));

/** `listOrganizations` */
export const providerListQuerySchema = z.extend(pageQuerySchema, { search: search(200) });

/** `listPatients` */
export const patientListQuerySchema = z.extend(pageQuerySchema, { search: search(200) });

/** `listUsers`: `role` is a role, `pending` (no role yet) or `all`; empty (`?role=`) reads as `all`. */
export const userListQuerySchema = z.extend(pageQuerySchema, {
  search: search(254),
  role: z.optional(z.enum([...ROLES, 'pending', 'all', ''], { error: 'Please choose a role' })),
});
