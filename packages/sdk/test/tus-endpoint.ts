import { createHash } from 'node:crypto';
import { HttpResponse, http } from 'msw';
import { BASE } from './helpers.js';

export const FILE_ID = '11111111-1111-4111-8111-111111111111';
export const STORAGE_URL = `${BASE}/storage/uploads/${FILE_ID}`;

export interface TusBehaviour {
  /** PATCH numbers (1-based) answered 403 once, before storing anything. */
  rejectPatches?: number[];
  /** PATCH numbers cut after storing this fraction of their body (the rest never crossed the wire). */
  cutPatches?: number[];
  cutFraction?: number;
  /** Answers of complete, in order; afterwards `ready`. */
  completeAnswers?: Array<'verifying' | 'incomplete'>;
}

/**
 * A tiny tus 1.0.0 storage endpoint plus the upload-link routes, as msw handlers: HEAD answers the
 * stored offset, PATCH appends from it, and the log records what the client did.
 */
export function tusEndpoint(expected: Buffer, behaviour: TusBehaviour = {}) {
  const stored: Buffer[] = [];
  let offset = 0;
  let validToken = 'token-1';
  let patches = 0;
  const log = {
    methods: [] as string[],
    bytesSent: 0,
    renewals: 0,
    createBodies: [] as Record<string, unknown>[],
    headOffsets: [] as number[],
    completes: 0,
  };
  const completeAnswers = [...(behaviour.completeAnswers ?? [])];
  const link = () => ({
    success: true,
    file_id: FILE_ID,
    status: 'uploading',
    upload: { protocol: 'tus-1.0.0', url: STORAGE_URL, token: validToken, chunk_size: 6_291_456 },
  });
  const tusHeaders = () => ({
    'Tus-Resumable': '1.0.0',
    'Upload-Offset': String(offset),
    'Upload-Length': String(expected.length),
  });

  const handlers = [
    http.post(`${BASE}/api/v2/media/uploads`, async ({ request }) => {
      log.createBodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(link(), { status: 201 });
    }),
    http.post(`${BASE}/api/v2/media/uploads/:id/token`, () => {
      log.renewals++;
      validToken = `token-${log.renewals + 1}`;
      return HttpResponse.json(link());
    }),
    http.post(`${BASE}/api/v2/media/uploads/:id/complete`, () => {
      log.completes++;
      const next = completeAnswers.shift();
      const fields = {
        success: true,
        file_id: FILE_ID,
        file_name: 'clip.mp4',
        size: expected.length,
        type: 'video/mp4',
        message: 'm',
      };
      if (next === 'incomplete' || offset < expected.length) {
        return HttpResponse.json(
          {
            error: {
              code: 'upload_incomplete',
              message: 'Storage lacks part of the file.',
              next_step: 'Resume.',
              retry: 'never',
            },
          },
          { status: 409 },
        );
      }
      const sha256 = createHash('sha256').update(Buffer.concat(stored)).digest('hex');
      if (next === 'verifying') {
        return HttpResponse.json(
          { ...fields, sha256, status: 'verifying', retry_after_seconds: 15 },
          { status: 202, headers: { 'Retry-After': '15' } },
        );
      }
      return HttpResponse.json({ ...fields, sha256, status: 'ready' });
    }),
    http.get(`${BASE}/api/v2/media`, () =>
      HttpResponse.json({
        success: true,
        file_id: FILE_ID,
        status: 'ready',
        size: offset,
        type: 'video/mp4',
        public_url: `${BASE}/files/${FILE_ID}/clip.mp4`,
      }),
    ),
    http.head(STORAGE_URL, ({ request }) => {
      log.methods.push('HEAD');
      if (request.headers.get('x-signature') !== validToken) return new HttpResponse(null, { status: 403 });
      log.headOffsets.push(offset);
      return new HttpResponse(null, { status: 200, headers: tusHeaders() });
    }),
    http.patch(STORAGE_URL, async ({ request }) => {
      log.methods.push('PATCH');
      patches++;
      if (request.headers.get('x-signature') !== validToken || behaviour.rejectPatches?.includes(patches)) {
        behaviour.rejectPatches = behaviour.rejectPatches?.filter((n) => n !== patches);
        validToken = 'expired';
        return new HttpResponse(null, { status: 403 });
      }
      if (Number(request.headers.get('upload-offset')) !== offset)
        return new HttpResponse(null, { status: 409 });
      const body = Buffer.from(await request.arrayBuffer());
      if (behaviour.cutPatches?.includes(patches)) {
        const crossed = Math.floor(body.length * (behaviour.cutFraction ?? 0.4));
        log.bytesSent += crossed;
        stored.push(body.subarray(0, crossed));
        offset += crossed;
        return HttpResponse.error();
      }
      log.bytesSent += body.length;
      stored.push(body);
      offset += body.length;
      return new HttpResponse(null, { status: 204, headers: tusHeaders() });
    }),
    http.post(STORAGE_URL, () => {
      log.methods.push('POST');
      return new HttpResponse(null, { status: 201, headers: { Location: STORAGE_URL } });
    }),
  ];
  return { handlers, log, storedBytes: () => Buffer.concat(stored) };
}
