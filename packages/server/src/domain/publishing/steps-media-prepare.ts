import { readFile } from 'node:fs/promises';
import { mediaSizeLimit } from '@socialpub/core';
import type { PublishMediaFile } from '../../networks/index.js';
import { prepareTiktokPhotos, type TiktokPhotoInput } from '../media/tiktok-photos.js';
import {
  answersNotFound,
  fetchPhotoBytes,
  isScheduled,
  notFoundRefusal,
  notPublicRefusal,
  probeAddress,
} from './media-addresses.js';
import type { PublishContext } from './publish-context.js';

/** A photo post on tiktok: files that are all images (a photo slideshow). */
function isTiktokPhotoPost(ctx: PublishContext): boolean {
  return ctx.platform === 'tiktok' && ctx.media.length > 0 && ctx.media.every((f) => f.kind === 'image');
}

async function libraryBytes(ctx: PublishContext, fileId: string): Promise<Buffer | null> {
  const { repos, mediaFolder } = ctx.deps.services;
  const file = repos.mediaFiles.getForAccount(ctx.account.id, fileId);
  if (file?.storagePath == null) return null;
  try {
    return await readFile(mediaFolder.pathOf(file.storagePath));
  } catch {
    return null;
  }
}

async function photoInput(
  ctx: PublishContext,
  file: PublishMediaFile,
  maxBytes: number,
): Promise<TiktokPhotoInput | null> {
  if (typeof file.file_id === 'string') {
    const bytes = await libraryBytes(ctx, file.file_id);
    return bytes === null ? null : { fileId: file.file_id, bytes };
  }
  if (typeof file.url === 'string') {
    const bytes = await fetchPhotoBytes(ctx, file.url, maxBytes);
    return bytes === null ? null : { bytes };
  }
  return null;
}

/**
 * "Tiktok photo handling" (POST /posts) through `prepareTiktokPhotos`: its 422 refusals stop the
 * post, its warnings and notices join the answer and the record, and the network gets the JPEG
 * copies. When any photo's bytes cannot be had, conversion is skipped for the post: tiktok pulls
 * the addresses itself, and a failure is then its own `photo_pull_failed`.
 */
export function prepareTiktokPhotoPost(ctx: PublishContext): void | Promise<void> {
  if (!isTiktokPhotoPost(ctx)) return;
  return convertTiktokPhotos(ctx);
}

async function convertTiktokPhotos(ctx: PublishContext): Promise<void> {
  const maxBytes = mediaSizeLimit('tiktok', 'image') ?? Number.MAX_SAFE_INTEGER;
  const inputs: TiktokPhotoInput[] = [];
  for (const file of ctx.media) {
    const input = await photoInput(ctx, file, maxBytes);
    if (input === null) return;
    inputs.push(input);
  }
  const prepared = await prepareTiktokPhotos(inputs);
  ctx.warnings.push(...prepared.warnings);
  ctx.notices.push(...prepared.notices);
  ctx.media = ctx.media.map((file, index) => {
    const copy = prepared.files[index];
    if (copy === undefined) return file;
    return { ...file, type: copy.type, size: copy.bytes.byteLength, width: copy.width, height: copy.height };
  });
}

/**
 * scheduledFor rule 6, "A reel's instagram.coverUrl behaves the same": on a scheduled reel the
 * cover address is asked now; a private address or one already answering not found is refused.
 * A reel sent now leaves the cover to the network, which fetches it itself.
 */
export function checkCoverUrl(ctx: PublishContext): void | Promise<void> {
  if (ctx.platform !== 'instagram' || ctx.postType !== 'reel' || !isScheduled(ctx)) return;
  const cover = ctx.options['coverUrl'];
  if (typeof cover !== 'string' || cover === '') return;
  return askCoverUrl(ctx, cover);
}

async function askCoverUrl(ctx: PublishContext, cover: string): Promise<void> {
  const probe = await probeAddress(ctx, cover);
  if (probe.kind === 'not_public') throw notPublicRefusal('instagram.coverUrl', cover, probe.message);
  if (probe.kind === 'answered' && answersNotFound(probe)) {
    throw notFoundRefusal('instagram.coverUrl', cover, probe.status);
  }
}
