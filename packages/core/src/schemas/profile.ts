import * as z from 'zod';
import { PlatformSchema } from '../platforms.js';
import { TimestampSchema, UuidSchema, WarningsSchema } from './common.js';

/** `ready` includes an expired sign-in the network renews by itself ("Profile", Network entry). */
export const NetworkHealthSchema = z.enum(['ready', 'reconnect_required', 'unknown']);
export type NetworkHealth = z.infer<typeof NetworkHealthSchema>;

export const NetworkEntrySchema = z
  .object({
    platform: PlatformSchema,
    username: z.string(),
    status: z.string().meta({ description: 'e.g. `connected`.' }),
    health: NetworkHealthSchema,
    access_expires_at: TimestampSchema.nullable(),
    connected_at: TimestampSchema,
    updated_at: TimestampSchema.meta({ description: 'When the sign-in last changed.' }),
  })
  .meta({ description: 'One connected network of a profile.' });
export type NetworkEntry = z.infer<typeof NetworkEntrySchema>;

export const ProfileSchema = z.object({
  profile_id: UuidSchema.meta({ description: 'Usable as `post.accountId`.' }),
  profile_name: z.string(),
  handle: z.string().meta({ description: 'Form `@name`.' }),
  created_at: TimestampSchema,
  networks: z
    .array(NetworkEntrySchema)
    .meta({ description: 'One entry per connected network, sorted by name.' }),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** GET /accounts: up to 100 profiles, oldest first; unknown query parameters are named in `warnings`. */
export const AccountsListResponseSchema = z.object({
  data: z.array(ProfileSchema),
  warnings: WarningsSchema.optional(),
});
export type AccountsListResponse = z.infer<typeof AccountsListResponseSchema>;
