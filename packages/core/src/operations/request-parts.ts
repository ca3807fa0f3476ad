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

/** `GET /api/v2`: where a person who typed the start banner's address goes next. */
export const ApiIndexSchema = z.strictObject({
  name: z.literal('Social Publishing API v2'),
  authentication: z.string().meta({ description: 'How every request below /api/v2/ proves who sends it.' }),
  documents: z.strictObject({
    openapi: z.string().meta({ description: 'This API described in OpenAPI 3.1.' }),
    admin_openapi: z.string().meta({ description: "The reference server's admin API." }),
  }),
  addresses: z.strictObject({
    mcp: z.string().meta({ description: 'The AI-app connector (MCP).' }),
    dashboard: z.string(),
    health: z.string(),
  }),
});
export type ApiIndex = z.infer<typeof ApiIndexSchema>;
