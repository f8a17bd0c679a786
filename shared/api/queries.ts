/**
 * Query strings of the list routes (`?limit=&cursor=` and a search), as the OpenAPI document
 * describes them; the endpoints (`endpoints/`) hand the same schemas to the handlers' trigger layer.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { ROLES } from '../roles';
import { pageQuerySchema } from '../validation';

const search = (max: number) => z.optional(z.string().check(z.maxLength(max, { error: 'Search text is too long' })));

/** `listOrganizations` */
export const providerListQuerySchema = lazySchema(() => z.extend(pageQuerySchema, { search: search(200) }));

/** `listPatients` */
export const patientListQuerySchema = lazySchema(() => z.extend(pageQuerySchema, { search: search(200) }));

/** `listUsers`: `role` is a role, `pending` (no role yet) or `all`; empty (`?role=`) reads as `all`. */
export const userListQuerySchema = lazySchema(() =>
  z.extend(pageQuerySchema, {
    search: search(254),
    role: z.optional(z.enum([...ROLES, 'pending', 'all', ''], { error: 'Please choose a role' })),
  }),
);

/** An action as audit events name it, dotted lower-case words (`transcript.read`); empty: every action. */
const AUDIT_ACTION = /^([a-z][a-z_]*(\.[a-z_]+)*)?$/;
/** A person's user id or a system actor's (`system:vapi-webhook`); empty: everyone. */
const AUDIT_ACTOR = /^([A-Za-z0-9][A-Za-z0-9:._-]*)?$/;

/** `accessHistory`: only one action and/or one actor's events, when given. */
export const accessHistoryQuerySchema = lazySchema(() =>
  z.extend(pageQuerySchema, {
    action: z.optional(
      z
        .string()
        .check(z.maxLength(64, { error: 'Unknown action' }), z.regex(AUDIT_ACTION, { error: 'Unknown action' })),
    ),
    actor: z.optional(
      z
        .string()
        .check(z.maxLength(100, { error: 'Unknown person' }), z.regex(AUDIT_ACTOR, { error: 'Unknown person' })),
    ),
  }),
);
