import * as z from 'zod/mini';
import { ROLES } from '../../../shared/roles';

const optionalText = z.optional(z.nullable(z.string()));

/**
 * `SESSION_ROUTES.me` answers a `UserProfile` (shared/api/contract/users.ts); the app checks the fields it relies on
 * before trusting the answer. `role` is null for an account with no group yet.
 */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: optionalText,
  last_name: optionalText,
  full_name: optionalText,
  phone_number: optionalText,
  role: z.nullable(z.enum(ROLES)),
  provider_id: z.nullable(z.string()),
  provider: z.optional(z.nullable(z.object({ id: z.string(), name: z.string() }))),
  notification_preferences: z.optional(z.unknown()),
  created_at: optionalText,
  /** True only for settings admins (a capability on their profile): they see the System Settings panel. */
  can_manage_settings: z.optional(z.boolean()),
});
