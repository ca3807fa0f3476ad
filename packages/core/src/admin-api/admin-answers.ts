import * as z from 'zod';
import { PlanSchema } from '../plans.js';
import { TimestampSchema } from '../schemas/common.js';
import { LibraryItemSchema } from '../schemas/media.js';
import { NetworkEntrySchema, ProfileSchema } from '../schemas/profile.js';
import { SimulateSettingsSchema } from './admin-simulate.js';

// The admin API's answers (reference-server.md, "Admin API"), for its OpenAPI document. The routes
// build these bodies; `admin-operations.ts` names which answer each route gives, and the test suites
// validate every admin answer they receive against the document built from here.

export const AdminAccountSchema = z
  .object({
    account_id: z.uuid(),
    plan: PlanSchema,
    x_addon: z.boolean(),
    email: z.string().nullable(),
    created_at: TimestampSchema,
    share_links: z.boolean(),
    uploads_enabled: z.boolean(),
    clock_id: z
      .uuid()
      .nullable()
      .meta({ description: "The test clock it lives on; null: the server's clock." }),
  })
  .meta({ description: 'An account of the reference server.' });

export const AdminKeyViewSchema = z
  .object({
    key_id: z.uuid(),
    name: z.string(),
    prefix: z
      .string()
      .meta({ description: 'The first characters of the key, to recognise it; never the key.' }),
    created_at: TimestampSchema,
    revoked_at: TimestampSchema.nullable(),
  })
  .meta({ description: 'An API key without its secret.' });

export const AdminAccountDetailSchema = AdminAccountSchema.extend({
  profiles: z.array(ProfileSchema),
  keys: z.array(AdminKeyViewSchema),
  usage: z
    .record(z.string(), z.unknown())
    .meta({ description: 'The counters the limits read (reads this minute, posts, allowances, budgets).' }),
}).meta({ description: 'An account with its profiles, keys (no secrets) and usage counters.' });

export const AdminKeyCreatedSchema = z.object({
  key_id: z.uuid(),
  name: z.string(),
  api_key: z.string().meta({ description: 'Shown this once; only its hash is stored.' }),
  created_at: TimestampSchema,
});

export const AdminKeyRevokedSchema = z.object({ key_id: z.uuid(), revoked_at: TimestampSchema });

export const AdminNetworkSchema = NetworkEntrySchema.extend({
  options: z
    .record(z.string(), z.unknown())
    .meta({ description: 'The options row contents of this network.' }),
  simulate: SimulateSettingsSchema,
}).meta({ description: 'The network entry with its options and simulate settings.' });

export const AdminNetworkRemovedSchema = z.object({
  profile_id: z.uuid(),
  platform: NetworkEntrySchema.shape.platform,
  disconnected: z.literal(true),
});

export const AdminLibraryItemSchema = LibraryItemSchema;

export const AdminOutboxSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      to: z.string().nullable(),
      subject: z.string(),
      body: z.string(),
      created_at: TimestampSchema,
    }),
  ),
});

export const AdminClockSchema = z.object({
  now: TimestampSchema,
  mode: z.enum(['system', 'virtual']),
});

export const AdminClockMovedSchema = AdminClockSchema.extend({
  ran: z.number().int().meta({ description: 'How many pieces of due work ran before the answer.' }),
});

export const AdminAccountDeletedSchema = z.object({ account_id: z.uuid(), deleted: z.literal(true) });

export const AdminTestClockSchema = z
  .object({ clock_id: z.uuid(), name: z.string().nullable(), now: TimestampSchema })
  .meta({ description: 'A test clock: accounts created on it live on its time only.' });

export const AdminTestClockDetailSchema = AdminTestClockSchema.extend({
  accounts: z.array(AdminAccountSchema),
});

export const AdminTestClockMovedSchema = AdminTestClockSchema.extend({
  ran: z
    .number()
    .int()
    .meta({ description: "How many pieces of its accounts' due work ran before the answer." }),
});

export const AdminTestClockDeletedSchema = z.object({
  clock_id: z.uuid(),
  deleted: z.literal(true),
  deleted_accounts: z.array(z.uuid()),
});

const FaultAnswerViewSchema = z.union([
  z.literal('drop'),
  z.object({ status: z.number().int(), code: z.string(), retry_after_seconds: z.number().int().optional() }),
]);

export const AdminFaultSchema = z.object({
  fault_id: z.uuid(),
  match: z.object({
    method: z.string().nullable(),
    path: z.string().nullable(),
    account_id: z.string().nullable(),
  }),
  answer: FaultAnswerViewSchema,
  when: z.enum(['before', 'after']),
  times: z.number().int().meta({ description: 'How many more requests it answers.' }),
  created_at: TimestampSchema,
});

export const AdminFaultListSchema = z.object({ data: z.array(AdminFaultSchema) });

export const AdminFaultRemovedSchema = z.object({ fault_id: z.string(), disarmed: z.literal(true) });

export const AdminRequestLogSchema = z.object({
  data: z.array(
    z.object({
      at: TimestampSchema,
      method: z.string(),
      path: z.string(),
      status: z.number().int(),
      error: z.object({ code: z.string() }).nullable(),
      duration_ms: z.number(),
      account_id: z.string().nullable(),
      client_address: z.string().nullable().meta({
        description:
          'The client address every per-address rule used: the socket peer, or with SOCIALPUB_TRUST_PROXY the address the trusted proxies forwarded. Null on requests logged before the server recorded it.',
      }),
      idempotency_key: z.string().nullable(),
      replayed: z.boolean(),
    }),
  ),
});
