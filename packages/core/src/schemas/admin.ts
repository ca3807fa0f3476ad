import { z } from 'zod';
import { FigureNameSchema } from '../networks/figures.js';
import { PlanSchema } from '../plans.js';
import { NetworkHealthSchema } from './profile.js';

// Request bodies of the reference server's admin API (reference-server.md, "Admin API"). Strict
// so a misspelt field in a test fixture is refused instead of silently ignored.

export const AdminAccountCreateSchema = z
  .object({
    plan: PlanSchema.default('skilled'),
    x_addon: z.boolean().default(false),
    email: z.email().optional(),
    password: z.string().min(1).optional(),
    created_at: z.iso.datetime({ offset: true }).optional(),
    share_links: z.boolean().default(true),
    uploads_enabled: z.boolean().default(true),
  })
  .strict();
export type AdminAccountCreate = z.infer<typeof AdminAccountCreateSchema>;

export const AdminAccountPatchSchema = z
  .object({
    plan: PlanSchema,
    x_addon: z.boolean(),
    email: z.email(),
    password: z.string().min(1),
    created_at: z.iso.datetime({ offset: true }),
    share_links: z.boolean(),
    uploads_enabled: z.boolean(),
  })
  .partial()
  .strict();
export type AdminAccountPatch = z.infer<typeof AdminAccountPatchSchema>;

export const AdminKeyCreateSchema = z.object({ name: z.string().min(1).max(200) }).strict();
export type AdminKeyCreate = z.infer<typeof AdminKeyCreateSchema>;

export const AdminProfileCreateSchema = z
  .object({
    name: z.string().min(1).max(200),
    handle: z.string().min(1).optional().meta({ description: 'Default from the name.' }),
    created_at: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type AdminProfileCreate = z.infer<typeof AdminProfileCreateSchema>;

export const SIMULATED_OUTCOMES = [
  'success',
  'failed',
  'timeout',
  'still_publishing',
  'unconfirmed',
] as const;

const simulateFields = {
  outcome: z.enum(SIMULATED_OUTCOMES).optional(),
  error: z
    .object({
      status: z.number().int().min(400).max(599),
      code: z.string().optional(),
      message: z.string().optional(),
    })
    .optional(),
  finish_after_seconds: z.number().nonnegative().optional(),
  latency_ms: z.number().int().nonnegative().optional(),
  figures: z.partialRecord(FigureNameSchema, z.number().nonnegative()).optional(),
};

/** One simulated behaviour; `next` holds behaviours used once each by the next posts. */
export const SimulateStepSchema = z.object(simulateFields).strict();
export type SimulateStep = z.infer<typeof SimulateStepSchema>;
export const SimulateSchema = z
  .object({ ...simulateFields, next: z.array(SimulateStepSchema).optional() })
  .strict();
export type Simulate = z.infer<typeof SimulateSchema>;

export const AdminNetworkPutSchema = z
  .object({
    username: z.string().min(1),
    health: NetworkHealthSchema.default('ready'),
    status: z.string().default('connected'),
    access_expires_at: z.iso.datetime({ offset: true }).optional(),
    options: z.record(z.string(), z.unknown()).optional(),
    simulate: SimulateSchema.optional(),
  })
  .strict();
export type AdminNetworkPut = z.infer<typeof AdminNetworkPutSchema>;

export const AdminNetworkPatchSchema = z
  .object({
    username: z.string().min(1),
    health: NetworkHealthSchema,
    status: z.string(),
    access_expires_at: z.iso.datetime({ offset: true }),
    options: z.record(z.string(), z.unknown()),
    simulate: SimulateSchema,
  })
  .partial()
  .strict();
export type AdminNetworkPatch = z.infer<typeof AdminNetworkPatchSchema>;

export const AdminMediaCreateSchema = z
  .object({
    file_name: z.string().min(1),
    content_base64: z.string().min(1),
    confirm_before_posting: z.boolean().default(false),
  })
  .strict();
export type AdminMediaCreate = z.infer<typeof AdminMediaCreateSchema>;

/** `now` or `advance_seconds`, exactly one; moving backwards is the server's 400. */
export const AdminClockSetSchema = z.union([
  z.object({ now: z.iso.datetime({ offset: true }) }).strict(),
  z.object({ advance_seconds: z.number().nonnegative() }).strict(),
]);
export type AdminClockSet = z.infer<typeof AdminClockSetSchema>;

export const AdminFaultCreateSchema = z
  .object({
    match: z
      .object({
        method: z.string().toUpperCase().optional(),
        path: z.string().optional().meta({ description: 'Path prefix.' }),
        account_id: z.string().optional(),
      })
      .strict()
      .default({}),
    answer: z.union([
      z.literal('drop'),
      z
        .object({
          status: z.number().int().min(400).max(599),
          code: z.string().optional(),
          retry_after_seconds: z.number().int().nonnegative().optional(),
        })
        .strict(),
    ]),
    when: z.enum(['before', 'after']).default('before'),
    times: z.number().int().positive().default(1),
  })
  .strict();
export type AdminFaultCreate = z.infer<typeof AdminFaultCreateSchema>;

export const AdminRequestsQuerySchema = z.looseObject({
  account_id: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export type AdminRequestsQuery = z.infer<typeof AdminRequestsQuerySchema>;
