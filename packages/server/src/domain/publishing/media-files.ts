import {
  type ApiError,
  apiError,
  LIMITS,
  mediaKindFromUrl,
  mediaSizeLimit,
  NETWORKS,
  POST_TYPES,
  type PostType,
  withArticle,
} from '@socialpub/core';
import type { MediaFileRecord } from '../../db/media-files-repo.js';
import type { PublishMediaFile } from '../../networks/index.js';
import { mediaStatusView } from '../media/media-status.js';
import {
  answersNotFound,
  isScheduled,
  notFoundRefusal,
  notPublicRefusal,
  probeAddress,
} from './media-addresses.js';
import { type PublishContext, required } from './publish-context.js';
import { legacyMediaStatusUrl, limitsUrl, mediaStatusUrl } from './publishing-urls.js';

/** Statuses of an upload that is not ready yet: "an upload link's file not ready: complete it first". */
const NOT_READY_UPLOAD = new Set(['uploading', 'verifying']);
const POLL_MS = 500;

function lookup(ctx: PublishContext, fileId: string): MediaFileRecord | null {
  const file = ctx.deps.services.repos.mediaFiles.getForAccount(ctx.account.id, fileId);
  if (file === null || NOT_READY_UPLOAD.has(file.status) || file.status === 'deleted') return null;
  if (file.expiresAt !== null && new Date(file.expiresAt).getTime() <= ctx.now.getTime()) return null;
  return file;
}

/**
 * A mediaID still importing is waited for (about 12 s here, 90 s on the older address). With the
 * virtual clock nothing moves while a request waits, so the answer is given at once.
 */
async function waitForImport(ctx: PublishContext, fileId: string): Promise<MediaFileRecord | null> {
  const clock = ctx.deps.services.clocks.forAccount(ctx.account.id);
  const wait =
    ctx.address === 'legacy' ? LIMITS.mediaIdWait.legacySeconds : LIMITS.mediaIdWait.currentSeconds;
  const deadline = clock.now().getTime() + wait * 1000;
  let file = lookup(ctx, fileId);
  if (clock.mode === 'virtual' || ctx.dryRun) return file;
  while (file !== null && file.status === 'processing' && clock.now().getTime() < deadline) {
    await ctx.deps.sleep(POLL_MS);
    file = lookup(ctx, fileId);
  }
  return file;
}

function mediaProcessing(ctx: PublishContext, file: MediaFileRecord): ApiError {
  const base = ctx.deps.services.urls.base;
  const retry = LIMITS.mediaIdWait.mediaProcessingRetryAfterSeconds;
  const query =
    ctx.address === 'legacy' ? legacyMediaStatusUrl(base, file.fileId) : mediaStatusUrl(base, file.fileId);
  return apiError(
    'media_processing',
    `The file ${file.fileId} is still importing; nothing was published. Check ${query}.`,
    {
      retryAfterSeconds: retry,
      extra: { file_id: file.fileId, progress: progressOf(ctx, file), retry_after_seconds: retry },
    },
  );
}

/** The import's real progress, as GET /media?file_id shows it (0 while the size is unknown). */
function progressOf(ctx: PublishContext, file: MediaFileRecord): number {
  const { repos, urls } = ctx.deps.services;
  const library = repos.mediaImports.getForAccount(ctx.account.id, file.fileId);
  return library === null ? 0 : (mediaStatusView(library, urls.base).progress ?? 0);
}

/**
 * A legacy mediaUrls address, asked with a HEAD: a private address is refused; scheduledFor rule 6
 * refuses one already answering not found; the size it declares feeds the per-network size checks;
 * a tiktok video needs it ("A tiktok video whose host does not say its size").
 */
async function urlFile(ctx: PublishContext, url: string): Promise<PublishMediaFile> {
  const kind = mediaKindFromUrl(url) ?? 'image';
  const probe = await probeAddress(ctx, url);
  if (probe.kind === 'not_public') throw notPublicRefusal('content.mediaUrls', url, probe.message);
  const scheduled = isScheduled(ctx);
  if (scheduled && probe.kind === 'answered' && answersNotFound(probe)) {
    throw notFoundRefusal('content.mediaUrls', url, probe.status);
  }
  const size = probe.kind === 'answered' ? probe.size : null;
  // Decision: a host not answering at all does not refuse a scheduled post (it is fetched when it
  // goes out, and the network pulls it itself then); a post sent now needs the size now.
  const excused = scheduled && probe.kind === 'unreachable';
  if (ctx.platform === 'tiktok' && kind === 'video' && size === null && !excused) {
    const why =
      probe.kind === 'answered'
        ? `answered ${probe.status} without a usable Content-Length`
        : `did not answer (${probe.message})`;
    throw apiError(
      'video_size_unknown',
      `The host of the tiktok video ${url} ${why}; import the file and send its mediaID.`,
    );
  }
  return { kind, size, type: null, url, file_id: null };
}

/** Resolves mediaID files (404 / 409 / 422) and the legacy mediaUrls, then the size checks (413). */
export function checkMediaFiles(ctx: PublishContext): void | Promise<void> {
  // Nothing to look up: answered without a promise, so a text post's checks never wait.
  if (ctx.mediaIds.length === 0 && ctx.mediaUrls.length === 0) {
    ctx.media = [];
    return;
  }
  return resolveMediaFiles(ctx);
}

async function resolveMediaFiles(ctx: PublishContext): Promise<void> {
  const media: PublishMediaFile[] = [];
  for (const fileId of ctx.mediaIds) {
    const file = await waitForImport(ctx, fileId);
    if (file === null) {
      throw apiError('media_not_found', `No ready file ${fileId} in the media library of this account.`, {
        extra: { file_id: fileId },
      });
    }
    if (file.status === 'failed') {
      throw apiError('media_failed', `The import of ${fileId} failed; import the file again.`, {
        extra: { file_id: fileId },
      });
    }
    if (file.status !== 'ready') throw mediaProcessing(ctx, file);
    media.push({ kind: file.kind, size: file.size, type: file.type, file_id: file.fileId, url: null });
  }
  // Every address is asked at once; the answers are read in order.
  for (const url of ctx.mediaUrls) probeAddress(ctx, url).catch(() => undefined);
  for (const url of ctx.mediaUrls) media.push(await urlFile(ctx, url));
  ctx.media = media;
  checkSizes(ctx);
}

function checkSizes(ctx: PublishContext): void {
  const platform = required(ctx.platform, 'platform');
  const postType = asPostType(ctx.request?.postType);
  for (const file of ctx.media) {
    const limit = mediaSizeLimit(platform, file.kind, postType);
    if (limit === null || file.size === null || file.size <= limit) continue;
    throw apiError(
      'MEDIA_TOO_LARGE',
      `The ${file.kind} is ${file.size} bytes; ${platform} takes at most ${limit}.`,
      {
        extra: {
          platform,
          size_bytes: file.size,
          limits_url: limitsUrl(ctx.deps.services.urls.base),
          max_video_bytes: mediaSizeLimit(platform, 'video', postType),
          max_image_bytes: mediaSizeLimit(platform, 'image', postType),
        },
      },
    );
  }
}

function asPostType(value: string | undefined): PostType | undefined {
  return (POST_TYPES as readonly string[]).includes(value ?? '') ? (value as PostType) : undefined;
}

function badRequest(message: string): ApiError {
  return apiError('bad_request', message);
}

/**
 * Decides the post type from the files (one video file is a video post, several images a tiktok
 * slideshow) and refuses what the network cannot take: video pins, youtube images, mixed tiktok.
 */
export function checkPostType(ctx: PublishContext): void {
  const platform = required(ctx.platform, 'platform');
  if (ctx.media.length === 0) return;
  const rules = NETWORKS[platform];
  const videos = ctx.media.filter((f) => f.kind === 'video').length;
  const images = ctx.media.length - videos;
  if (videos > 0 && !rules.media.videos)
    throw badRequest(`${platform} takes images only: video pins are refused.`);
  if (images > 0 && !rules.media.images) throw badRequest(`${platform} takes one video, not images.`);
  if (rules.media.oneKindPerPost && videos > 0 && (images > 0 || videos > 1)) {
    throw badRequest(
      `${withArticle(platform, { capital: true })} post is one video or a set of images, not both.`,
    );
  }
  const asked = ctx.request?.postType;
  ctx.postType = asked ?? defaultPostType(platform, videos, images);
  if (platform === 'instagram' || platform === 'facebook') checkAskedType(ctx, videos, images);
  if (platform === 'tiktok') tiktokTypeWarnings(ctx);
}

function defaultPostType(platform: string, videos: number, images: number): string {
  const count = videos + images;
  switch (platform) {
    case 'tiktok':
      return videos > 0 ? 'video' : 'photo_slideshow';
    case 'instagram':
      return count > 1 ? 'carousel' : videos > 0 ? 'reel' : 'image';
    case 'facebook':
      return videos > 0 ? 'video' : 'photo';
    case 'pinterest':
      return 'image_pin';
    case 'youtube':
      return 'video';
    default:
      return count > 1 ? 'carousel' : videos > 0 ? 'video' : 'image';
  }
}

/** media_wrong_for_post_type: the instagram or facebook post type these files cannot make. */
function checkAskedType(ctx: PublishContext, videos: number, images: number): void {
  const type = ctx.postType;
  const count = videos + images;
  const wrong =
    ((type === 'reel' || type === 'video') && (videos !== 1 || images > 0)) ||
    ((type === 'image' || type === 'photo') && videos > 0) ||
    (type === 'carousel' && count < 2) ||
    (type === 'story' && count !== 1) ||
    (type === 'text' && count > 0);
  if (wrong) {
    throw apiError(
      'media_wrong_for_post_type',
      `${withArticle(ctx.platform ?? 'network', { capital: true })} ${type} cannot be made from these files.`,
    );
  }
}

/** tiktok photo posts cannot use disabledDuet, disabledStitch, isAiGenerated; videos not autoAddMusic. */
function tiktokTypeWarnings(ctx: PublishContext): void {
  for (const field of NETWORKS.tiktok.options) {
    if (field.appliesTo === undefined || ctx.options[field.name] === undefined) continue;
    if ((field.appliesTo as readonly string[]).includes(ctx.postType)) continue;
    ctx.warnings.push({
      code: 'field_not_used',
      message: `tiktok.${field.name} does not apply to ${withArticle(ctx.postType)} post; it was not used.`,
      field: `tiktok.${field.name}`,
    });
    delete ctx.options[field.name];
  }
}
