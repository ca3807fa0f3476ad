import * as z from 'zod';

// Path parameters stay strings so a non-UUID id is the server's documented 400 (`bad_request`
// with `error.parameter` `id` on reads, `invalid_request` on upload links), not a parse failure.

export const IdParamsSchema = z.object({
  id: z.string().meta({ description: 'A post id or a scheduled post id (UUID).', format: 'uuid' }),
});

export const AccountIdParamsSchema = z.object({
  id: z.string().meta({ description: 'A profile id from GET /accounts (UUID).', format: 'uuid' }),
});

export const FileIdParamsSchema = z.object({
  file_id: z.string().meta({ description: 'The upload link file id (UUID).', format: 'uuid' }),
});

/** POST /posts and POST /media only ("Idempotency"). */
export const IdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.string().optional().meta({
    description: '1 to 255 printable ASCII characters; the same key and body within 24 hours replays.',
  }),
});

/** The tus storage endpoint: the upload token goes in `x-signature` only, never in a URL. */
export const TusHeadersSchema = z.looseObject({
  'x-signature': z.string().meta({ description: 'The upload token of this file.' }),
  'tus-resumable': z.literal('1.0.0').optional(),
  'upload-offset': z.string().optional().meta({ description: 'PATCH: the offset the piece starts at.' }),
  'content-type': z.string().optional().meta({ description: 'PATCH: application/offset+octet-stream.' }),
});

export const HealthResponseSchema = z.looseObject({
  status: z.literal('ok'),
});
