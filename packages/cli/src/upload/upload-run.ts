import { open } from 'node:fs/promises';
import { formatBytes, LIMITS } from '@socialpub/core';
import { APIError, type SocialPub } from '@socialpub/sdk';
import { ChunkReader } from './chunk-reader.js';
import { closeHttpConnections } from './http-connection.js';
import { fileStamp, type MeasuredFile, MeasureError, measureFile } from './measure-file.js';
import { headOffset, patchChunk, type TusAnswer } from './tus-client.js';
import type { UploadLine } from './upload-line.js';
import { lineFor, type RunFacts, stopForApiError, UploadStop } from './upload-outcome.js';
import { createProgressReporter, type UploadProgressReporter } from './upload-progress.js';
import { forgetUpload, loadSavedUpload, type SavedUpload, saveUpload } from './upload-state.js';

export interface UploadRunOptions {
  client: SocialPub;
  path: string;
  /** Stop with exit 3 (partial) once this much time has passed; the next run continues. */
  maxRunSeconds: number | undefined;
  progress: boolean;
}

const CHUNK_SIZE_DEFAULT = LIMITS.uploadLink.chunkSizeBytes;
/** Pauses after failed HEAD or PATCH answers (then HEAD again); more in a row without progress: exit 1. */
const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000];
/** Fresh tokens asked for in a row without progress before giving up. */
const MAX_RENEWALS_WITHOUT_PROGRESS = 3;
/** A saved token this close to its expiry is not trusted; the link is asked for again instead. */
const TOKEN_MARGIN_MS = 60_000;

type Link = SavedUpload & { chunkSize: number };

/** After a refusal that forgets the link: the next run starts over. */
const NEW_LINK = 'Run the same command again: it makes a new link.';
const MEASURE_AGAIN =
  'Run the same command again once the file is final: it measures it again and makes a new link.';

/** Drives one run of `media upload`: link, TUS transfer, complete through verifying. */
class UploadRun {
  private readonly facts: RunFacts = {
    file: undefined,
    fileId: undefined,
    bytesSent: 0,
    bytesStored: undefined,
  };
  private readonly deadline: number;
  private progress: UploadProgressReporter = { update() {}, note() {}, stop() {} };

  constructor(private readonly options: UploadRunOptions) {
    this.deadline =
      options.maxRunSeconds === undefined
        ? Number.POSITIVE_INFINITY
        : Date.now() + options.maxRunSeconds * 1000;
  }

  /** "N of M bytes" as the storage last said, for the messages of a stop midway. */
  private where(): string {
    const { file, bytesStored } = this.facts;
    if (file === undefined) return '';
    return `${(bytesStored ?? 0).toLocaleString('en-US')} of ${file.size.toLocaleString('en-US')} bytes`;
  }

  /**
   * What Ctrl-C (or SIGTERM) leaves behind, for the command to print before it exits: the bytes the
   * storage holds stay there, and the link is kept, so the same command continues.
   */
  interrupted(): string {
    this.progress.stop();
    const { file, fileId, bytesStored } = this.facts;
    if (file === undefined || fileId === undefined) {
      return 'Stopped before anything was sent; run the same command again to start.';
    }
    if (bytesStored === undefined) {
      return 'Stopped before the storage said how much it holds; run the same command again to continue.';
    }
    const percent = Math.floor((bytesStored / file.size) * 100);
    return `Stopped at ${this.where()} (${percent}%); run the same command again to continue.`;
  }

  async run(): Promise<UploadLine> {
    try {
      const file = await this.measure();
      this.facts.file = file;
      this.progress = await createProgressReporter(file.size, this.options.progress);
      const link = await this.openLink(file);
      if (link !== undefined) await this.send(file, link);
      await this.complete(file, link);
      await forgetUpload(file);
      return lineFor(this.facts, new UploadStop('done', 'The file is stored, checked and ready to post.'));
    } catch (error) {
      const stop = error instanceof UploadStop ? error : stopForApiError(error);
      if (this.facts.file && (stop.state === 'refused' || stop.state === 'token_rejected')) {
        await forgetUpload(this.facts.file).catch(() => undefined);
      }
      return lineFor(this.facts, stop);
    } finally {
      this.progress.stop();
      closeHttpConnections();
    }
  }

  private async measure(): Promise<MeasuredFile> {
    try {
      return await measureFile(this.options.path);
    } catch (error) {
      if (error instanceof MeasureError) throw new UploadStop('refused', error.message);
      throw error;
    }
  }

  private stopIfLate(): void {
    if (Date.now() >= this.deadline) throw this.outOfTime();
  }

  private outOfTime(): UploadStop {
    const at = this.facts.bytesStored === undefined ? '' : ` at ${this.where()}`;
    return new UploadStop(
      'partial',
      `Run time used up (--max-run-seconds)${at}; run the same command again to continue.`,
    );
  }

  /** The saved link while its token is fresh, else the link asked for again (200 `renewed` for the same file). */
  private async openLink(file: MeasuredFile): Promise<Link | undefined> {
    const saved = await loadSavedUpload(file);
    if (saved) this.facts.fileId = saved.file_id;
    const expires = saved?.token_expires_at ? Date.parse(saved.token_expires_at) : 0;
    if (saved && expires - TOKEN_MARGIN_MS > Date.now()) return { ...saved, chunkSize: CHUNK_SIZE_DEFAULT };
    this.stopIfLate();
    try {
      const link = await this.options.client.uploads.create({
        file_name: file.fileName,
        size_bytes: file.size,
        sha256: file.sha256,
      });
      const upload: SavedUpload = {
        file_id: link.file_id,
        url: link.upload.url,
        token: link.upload.token,
        token_expires_at: link.upload.token_expires_at,
        saved_at: new Date().toISOString(),
      };
      this.facts.fileId = link.file_id;
      await saveUpload(file, upload);
      return { ...upload, chunkSize: link.upload.chunk_size ?? CHUNK_SIZE_DEFAULT };
    } catch (error) {
      // The whole file already arrived under the open link: only complete is left.
      if (error instanceof APIError && error.code === 'upload_already_received' && error.fileId) {
        this.facts.fileId = error.fileId;
        this.progress.note('The whole file already arrived under this link: completing it.');
        return undefined;
      }
      throw error;
    }
  }

  private async renewToken(file: MeasuredFile, link: Link): Promise<void> {
    const fresh = await this.options.client.uploads.renewToken(link.file_id);
    link.token = fresh.upload.token;
    link.token_expires_at = fresh.upload.token_expires_at;
    await saveUpload(file, { ...link, saved_at: new Date().toISOString() });
  }

  /** What a failed storage answer means for this run (storage codes: core's storage operations). */
  private classify(answer: Exclude<TusAnswer, { ok: true }>): 'retry' | 'renew' | UploadStop {
    const detail = { code: answer.code ?? `http_${answer.status}`, message: answer.message };
    const lock =
      answer.status === 423 ||
      (answer.status === 409 && /lock|another upload|in use|busy/i.test(`${answer.code} ${answer.message}`));
    if (lock) {
      return new UploadStop(
        'busy',
        'Another uploader is sending this file; wait until it ends, then run the same command again.',
        detail,
      );
    }
    if (answer.status === 401 || answer.status === 403) return 'renew';
    if (answer.status === 409 && answer.code === 'upload_closed')
      return new UploadStop('refused', `${answer.message} ${NEW_LINK}`, detail);
    // A proxy's refusal (413 from nginx) is said as such, with how to raise its limit.
    if (answer.code === undefined && answer.status === 413)
      return new UploadStop('refused', answer.message, detail);
    if (answer.status === 404 || answer.status === 410) {
      return new UploadStop('refused', `Storage refused the file: ${answer.message} ${NEW_LINK}`, detail);
    }
    if (answer.status === 413 || answer.status === 415) {
      return new UploadStop('refused', `Storage refused the file: ${answer.message}`, detail);
    }
    if (answer.code === 'certificate') return new UploadStop('failed', answer.message, detail);
    if (answer.status === 0 || answer.status === 409 || answer.status >= 500) return 'retry';
    return new UploadStop('failed', answer.message, detail);
  }

  private async pause(ms: number): Promise<void> {
    if (Date.now() + ms >= this.deadline) throw this.outOfTime();
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

  private async checkUnchanged(file: MeasuredFile): Promise<void> {
    const stamp = await fileStamp(file.path);
    if (stamp === undefined || stamp.size !== file.size || stamp.mtimeMs !== file.mtimeMs) {
      throw new UploadStop(
        'refused',
        `The file changed or disappeared while it was being sent, at ${this.where()}; nothing more was sent. ${MEASURE_AGAIN}`,
      );
    }
  }

  /** HEAD for the stored offset, then PATCH chunk-size pieces from it; HEAD again after any failure. */
  private async send(file: MeasuredFile, link: Link): Promise<void> {
    const handle = await open(file.path, 'r');
    const reader = new ChunkReader(handle, link.chunkSize, file.size);
    let failures = 0;
    let renewals = 0;
    try {
      let offset: number | undefined;
      for (;;) {
        this.stopIfLate();
        const answer: TusAnswer =
          offset === undefined
            ? await headOffset(link.url, link.token)
            : await this.sendChunk(reader, file, link, offset);
        if (answer.ok) {
          if (offset !== undefined && answer.offset > offset) {
            this.facts.bytesSent += answer.offset - offset;
            failures = 0;
            renewals = 0;
          }
          if (offset === undefined && this.facts.bytesStored === undefined && answer.offset > 0) {
            this.progress.note(
              `Resuming from ${answer.offset.toLocaleString('en-US')} of ${file.size.toLocaleString('en-US')} bytes (${formatBytes(answer.offset)} already stored).`,
            );
          }
          offset = answer.offset;
          this.facts.bytesStored = offset;
          this.progress.update(offset);
          if (offset >= file.size) return;
          continue;
        }
        offset = undefined;
        const action = this.classify(answer);
        if (action instanceof UploadStop) throw action;
        if (action === 'renew') {
          if (++renewals > MAX_RENEWALS_WITHOUT_PROGRESS) {
            throw new UploadStop(
              'token_rejected',
              `Storage refused ${MAX_RENEWALS_WITHOUT_PROGRESS} fresh tokens in a row at ${this.where()}. ${NEW_LINK}`,
            );
          }
          await this.renewToken(file, link);
          continue;
        }
        const delay = RETRY_DELAYS_MS[failures++];
        if (delay === undefined) {
          throw new UploadStop(
            'failed',
            `Gave up after ${RETRY_DELAYS_MS.length} retries at ${this.where()}: ${answer.message} Run the same command again to continue from there.`,
            {
              code: answer.code ?? `http_${answer.status}`,
              message: answer.message,
            },
          );
        }
        await this.pause(answer.retryAfterSeconds !== undefined ? answer.retryAfterSeconds * 1000 : delay);
      }
    } finally {
      await reader.settle();
      await handle.close();
    }
  }

  private async sendChunk(
    reader: ChunkReader,
    file: MeasuredFile,
    link: Link,
    offset: number,
  ): Promise<TusAnswer> {
    await this.checkUnchanged(file);
    const bytes = await reader.pieceAt(offset);
    if (bytes === null) {
      throw new UploadStop(
        'refused',
        `The file got shorter while it was being sent, at ${this.where()}; nothing more was sent. ${MEASURE_AGAIN}`,
      );
    }
    return patchChunk(link.url, link.token, offset, bytes);
  }

  /** Complete until ready: 202 verifying is waited through; 409 upload_incomplete resends once. */
  private async complete(file: MeasuredFile, link: Link | undefined): Promise<void> {
    const fileId = this.facts.fileId;
    if (fileId === undefined)
      throw new UploadStop('failed', 'No upload link was made; run the same command again.');
    let resent = false;
    for (;;) {
      let answer: Awaited<ReturnType<SocialPub['uploads']['complete']>>;
      try {
        answer = await this.options.client.uploads.complete(fileId);
      } catch (error) {
        if (error instanceof APIError && error.code === 'upload_incomplete' && !resent && link) {
          resent = true;
          await this.send(file, link);
          continue;
        }
        throw error;
      }
      this.facts.status = answer.status;
      if (answer.status === 'ready') {
        this.facts.bytesStored = file.size;
        return;
      }
      const seconds = answer.retry_after_seconds ?? LIMITS.uploadLink.verificationRetryAfterSeconds;
      await this.pause(seconds * 1000);
    }
  }
}

/** A started `media upload`: its final line, and what to say if a signal stops it first. */
export interface RunningUpload {
  done: Promise<UploadLine>;
  interrupted(): string;
}

export function startUpload(options: UploadRunOptions): RunningUpload {
  const run = new UploadRun(options);
  return { done: run.run(), interrupted: () => run.interrupted() };
}
