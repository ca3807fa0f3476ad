import * as z from 'zod';
import { PlanSchema } from '../plans.js';
import { ADMIN_REQUEST_LOG_KEPT, CLOCK_PAST_LATEST_MESSAGE, LATEST_CLOCK_TIME } from './admin-bounds.js';
import { SimulateSettingsSchema } from './admin-simulate.js';

// Request bodies of the reference server's admin API (reference-server.md, "Admin API"). The server
// validates with them and the SDK's admin client takes its parameter types from them: one source.

/** A time with a zone, stored as canonical ISO 8601 UTC. */
export const AdminTimestampSchema = z.iso
  .datetime({ offset: true })
  .transform((v) => new Date(v).toISOString());

/** A time a clock may be set to: a time with a zone, at most LATEST_CLOCK_TIME. */
const ClockTimeSchema = AdminTimestampSchema.refine(
  (iso) => Date.parse(iso) <= Date.parse(LATEST_CLOCK_TIME),
  CLOCK_PAST_LATEST_MESSAGE,
);

/** Text a person typed: no control characters (they corrupt logs and file names). */
const PlainText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((v) => !/\p{Cc}/u.test(v), 'must not contain control characters');

export const AccountCreateSchema = z.strictObject({
  plan: PlanSchema.optional(),
  x_addon: z.boolean().optional(),
  email: z.email().max(254).nullable().optional(),
  password: z.string().min(8).max(200).optional(),
  created_at: AdminTimestampSchema.optional(),
  share_links: z.boolean().optional(),
  uploads_enabled: z.boolean().optional(),
  /** A test clock (POST /clocks); absent or null: the server's clock. Fixed once the account exists. */
  clock_id: z.uuid().nullable().optional(),
});

export const KeyCreateSchema = z.strictObject({ name: PlainText(100).optional() });

export const ProfileCreateSchema = z.strictObject({
  name: PlainText(100),
  handle: PlainText(100).optional(),
  created_at: AdminTimestampSchema.optional(),
});

export const NetworkPutSchema = z.strictObject({
  username: PlainText(100).optional(),
  health: z.enum(['ready', 'reconnect_required', 'unknown']).optional(),
  status: PlainText(50).optional(),
  access_expires_at: AdminTimestampSchema.nullable().optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  simulate: SimulateSettingsSchema.nullable().optional(),
});

export const MediaCreateSchema = z.strictObject({
  file_name: PlainText(1000),
  content_base64: z
    .string()
    .min(1)
    .regex(/^[A-Za-z0-9+/=_\-\s]*$/, 'must be base64'),
  confirm_before_posting: z.boolean().optional(),
});

export const ClockMoveSchema = z
  .strictObject({
    now: ClockTimeSchema.optional(),
    advance_seconds: z.number().finite().min(0, 'the clock cannot move backwards').max(3.2e9).optional(),
  })
  .refine((v) => (v.now === undefined) !== (v.advance_seconds === undefined), {
    message: 'send exactly one of now or advance_seconds',
  });

export const ClockCreateSchema = z.strictObject({
  now: ClockTimeSchema,
  name: PlainText(200).nullable().optional(),
});

const FaultAnswerSchema = z.union([
  z.literal('drop'),
  z.strictObject({
    status: z.number().int().min(400).max(599),
    code: z.string().regex(/^[A-Za-z0-9_]{1,100}$/, 'must be a wire error code'),
    retry_after_seconds: z.number().int().min(0).max(86_400).optional(),
  }),
]);

export const FaultCreateSchema = z.strictObject({
  match: z
    .strictObject({
      method: z
        .string()
        .regex(/^[A-Za-z]{1,10}$/)
        .optional(),
      path: z.string().startsWith('/').max(500).optional(),
      account_id: z.uuid().optional(),
    })
    .optional(),
  answer: FaultAnswerSchema,
  when: z.enum(['before', 'after']).optional(),
  times: z.number().int().min(1).max(1_000_000).optional(),
});

export const RequestsQuerySchema = z.object({
  account_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_REQUEST_LOG_KEPT).default(100),
});
