import * as z from 'zod';
import { ServiceIdsSchema } from './common.js';

// Schemas of the three error shapes ("Errors", Shapes), for the OpenAPI document. Their types are
// declared once in `errors/error-bodies.ts`; these describe the same bodies.

export const StandardErrorBodySchema = z
  .object({
    error: z
      .looseObject({
        code: z.string().meta({ description: 'Wire error code; check it, not only the status.' }),
        message: z.string(),
        retry_after_seconds: z.number().int().optional(),
        parameter: z
          .string()
          .optional()
          .meta({ description: 'Reads: the query or path parameter at fault.' }),
      })
      .meta({ description: 'Extra fields per code are documented beside it.' }),
  })
  .meta({ description: 'Posts, reads and most endpoints.' });

export const MediaImportErrorBodySchema = z
  .looseObject({
    error: z
      .union([z.string(), z.looseObject({ code: z.string(), message: z.string() })])
      .meta({ description: 'The message; an object for `import_budget_exhausted`.' }),
    code: z.string().optional(),
    retry_after_seconds: z.number().int().optional(),
  })
  .meta({ description: 'Media import: the message in `error`; 429 and idempotency answers add `code`.' });

export const UploadLinkErrorBodySchema = z
  .object({
    error: z.looseObject({
      code: z.string(),
      message: z.string(),
      next_step: z.string(),
      retry: z.enum(['never', 'after_reset']),
      retry_after_seconds: z.number().int().optional(),
    }),
  })
  .meta({ description: 'Upload links: what to do next and whether a retry can help.' });

/**
 * POST /posts: a failure the network reported made a post record, so its answer carries top-level
 * `service` beside `error` ("The service ids field"); refusals answered before a record have none.
 */
export const PostErrorBodySchema = z
  .object({
    error: StandardErrorBodySchema.shape.error,
    service: ServiceIdsSchema.optional().meta({
      description: 'Present when a post record was made (a failure the network reported).',
    }),
  })
  .meta({ description: 'Posts: the standard error shape, with `service` when a post record was made.' });

/**
 * The older posts address passes a network's error without an added `error.code`: when the network
 * gave none, `error` holds only the message ("Endpoints", Older addresses).
 */
export const LegacyPostErrorBodySchema = z
  .object({
    error: z.looseObject({
      code: z.string().optional().meta({ description: 'Absent when the network gave no code.' }),
      message: z.string(),
    }),
    service: ServiceIdsSchema.optional(),
  })
  .meta({ description: 'The older posts address: `error.code` is left out when the network gave none.' });
