import { LIMITS } from '@socialpub/core';
import { APIError } from '../errors.js';
import type { Uploads } from '../resources/uploads.js';
import type { RequestOptions, Transport } from '../transport.js';
import type { CompleteResponse, MediaStatusResponse, UploadLink } from '../types.js';
import type { SliceSource } from './file-slices.js';
import { isNode, measureFile } from './measure.js';
import { TusSender } from './tus-send.js';
import type { UploadMediaOptions, UploadSource } from './upload-types.js';

export interface UploadDeps {
  transport: Transport;
  uploads: Uploads;
  /** GET /media?file_id= (the client's `media.retrieve`): the ready file's status at the end. */
  media: { retrieve(fileId: string, options?: RequestOptions): Promise<MediaStatusResponse> };
}

/** The client's own fetch, else the global one in Node.js; browsers keep tus-js-client's XHR stack. */
function fetchForUploads(transport: Transport): typeof fetch | undefined {
  return transport.config.fetch ?? (isNode() ? globalThis.fetch.bind(globalThis) : undefined);
}

function isCode(error: unknown, code: string): error is APIError {
  return error instanceof APIError && error.code === code;
}

/**
 * The steps of "POST /media/uploads": measure size and SHA-256, create the link, send the file
 * with TUS, call complete until ready, answer the ready file.
 */
export async function uploadMedia(
  deps: UploadDeps,
  file: UploadSource,
  options: UploadMediaOptions = {},
): Promise<MediaStatusResponse> {
  const { signal } = options;
  const measured = await measureFile(file, options);
  let source: SliceSource | undefined;
  try {
    let link: UploadLink | undefined;
    let fileId: string;
    try {
      link = await deps.uploads.create(
        {
          file_name: measured.fileName,
          size_bytes: measured.size,
          sha256: measured.sha256,
          ...(options.shell ? { shell: options.shell } : {}),
          ...(options.runner ? { runner: options.runner } : {}),
        },
        { signal },
      );
      fileId = link.file_id;
    } catch (error) {
      // The whole file already arrived under an open link: only complete is left.
      if (!isCode(error, 'upload_already_received') || error.fileId === undefined) throw error;
      fileId = error.fileId;
    }

    let sender: TusSender | undefined;
    const sendRest = async (token: string, url: string) => {
      source ??= await measured.openSlices();
      sender ??= new TusSender({
        url,
        token,
        source,
        retryDelays: options.retryDelays,
        maxTokenRenewals: options.maxTokenRenewals,
        onProgress: options.onProgress,
        signal,
        fetch: fetchForUploads(deps.transport),
        renewToken: async () => (await deps.uploads.renewToken(fileId, undefined, { signal })).upload.token,
      });
      await sender.send();
    };
    if (link) await sendRest(link.upload.token, link.upload.url);

    let resumedAfterIncomplete = false;
    for (;;) {
      let answer: CompleteResponse;
      try {
        answer = await deps.uploads.complete(fileId, { signal });
      } catch (error) {
        // "409 upload_incomplete: rerun then complete; twice right after a full send: make a new link."
        if (!isCode(error, 'upload_incomplete') || resumedAfterIncomplete) throw error;
        resumedAfterIncomplete = true;
        const fresh = link ?? (await deps.uploads.renewToken(fileId, undefined, { signal }));
        await sendRest(fresh.upload.token, fresh.upload.url);
        continue;
      }
      if (answer.status === 'ready') break;
      // 202 verifying: calling complete again is harmless; a 5 GB file can take about 15 minutes.
      const seconds = answer.retry_after_seconds ?? LIMITS.uploadLink.verificationRetryAfterSeconds;
      await deps.transport.sleep(seconds * 1000, signal);
    }
    return await deps.media.retrieve(fileId, { signal });
  } finally {
    source?.close();
    await measured.cleanup();
  }
}
