import { z } from 'zod';

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
