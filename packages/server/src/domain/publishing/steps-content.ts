import {
  type ApiError,
  apiError,
  codePointLength,
  extractAutoMusic,
  fitYoutubeTags,
  mediaKindFromUrl,
  NETWORKS,
  TIKTOK_PRIVACY_LEVELS,
  withArticle,
  YOUTUBE_TAGS_MAX_LENGTH,
} from '@socialpub/core';
import { type PublishContext, required, warn } from './publish-context.js';

function badRequest(message: string): ApiError {
  return apiError('bad_request', message);
}

/**
 * "Media rule": media required except text-only networks; an empty field without postType `text`
 * is 400; a field sent as text is 400; threads at most 20 files; mediaUrls read by their ending.
 */
export function checkMediaRule(ctx: PublishContext): void {
  const request = required(ctx.request, 'request');
  const platform = required(ctx.platform, 'platform');
  const rules = NETWORKS[platform];
  const { media, mediaUrls } = request;
  if (media.kind === 'not_a_list' || mediaUrls.kind === 'not_a_list') {
    throw badRequest('content.mediaID and content.mediaUrls must be lists of strings, not text.');
  }
  ctx.mediaIds = media.kind === 'list' ? media.ids : [];
  ctx.mediaUrls = mediaUrls.kind === 'list' ? mediaUrls.ids : [];
  const count = ctx.mediaIds.length + ctx.mediaUrls.length;
  if (count === 0) {
    const sentEmpty = media.kind === 'empty' || mediaUrls.kind === 'empty';
    if (sentEmpty && request.postType !== 'text') {
      throw badRequest('The media field is empty; send files, or postType "text" for a text post.');
    }
    if (!rules.textOnly)
      throw badRequest(`${withArticle(platform, { capital: true })} post needs media (content.mediaID).`);
    if (ctx.text === null || ctx.text.trim() === '') {
      throw badRequest(`${withArticle(platform, { capital: true })} text post needs content.text.`);
    }
    ctx.postType = 'text';
  }
  if (rules.media.maxFiles !== null && count > rules.media.maxFiles) {
    throw badRequest(
      `${withArticle(platform, { capital: true })} post takes at most ${rules.media.maxFiles} files; ${count} were sent.`,
    );
  }
  for (const url of ctx.mediaUrls) {
    if (mediaKindFromUrl(url) === null) {
      throw badRequest(
        `Cannot tell image or video from the address ${url}; end it with .jpg, .png, .mp4 etc.`,
      );
    }
  }
}

/** A required option sent in a block next to `post` is refused as such, else the field is named. */
function missingOption(ctx: PublishContext, fallback: ApiError): ApiError {
  const platform = required(ctx.platform, 'platform');
  if (ctx.request?.optionsOutsidePost.includes(platform)) {
    return apiError(
      'options_outside_post',
      `The ${platform} block was sent next to post; put it inside post.`,
    );
  }
  return fallback;
}

/** Per-network option blocks: required fields, allowed values, misnamed and unsupported options. */
export function checkNetworkOptions(ctx: PublishContext): void {
  const platform = required(ctx.platform, 'platform');
  const rules = NETWORKS[platform];
  const options = ctx.options;
  for (const [wrong, right] of Object.entries(rules.misnamedOptions)) {
    if (options[wrong] === undefined) continue;
    // Warnings are "for fields not used": the wrong name is named, not read as the right one.
    warn(ctx, 'field_not_used', `${platform}.${wrong} is the wrong name for ${right}; it was not used.`, {
      field: `${platform}.${wrong}`,
    });
    delete options[wrong];
  }
  for (const name of rules.unsupportedOptions) {
    if (options[name] === undefined) continue;
    warn(ctx, 'field_not_used', `${platform} does not support ${name}; it was not used.`, {
      field: `${platform}.${name}`,
    });
    delete options[name];
  }
  switch (platform) {
    case 'tiktok':
      tiktokOptions(ctx);
      return;
    case 'youtube':
      youtubeOptions(ctx);
      return;
    case 'pinterest':
      if (typeof options['boardId'] !== 'string' || options['boardId'] === '') {
        throw missingOption(
          ctx,
          apiError('pinterest_board_required', 'A pinterest post needs pinterest.boardId.'),
        );
      }
      return;
    case 'skool':
      skoolOptions(ctx);
      return;
    default:
      return;
  }
}

function tiktokOptions(ctx: PublishContext): void {
  const options = ctx.options;
  const level = options['privacyLevel'];
  if (typeof level !== 'string') {
    throw missingOption(ctx, badRequest('A tiktok post needs tiktok.privacyLevel.'));
  }
  const allowed = ctx.connection?.options['privacy_level_options'];
  // Privacy levels: must be one of the account's allowed levels (its options row).
  const levels: readonly unknown[] = Array.isArray(allowed) ? allowed : TIKTOK_PRIVACY_LEVELS;
  if (!levels.includes(level)) {
    throw badRequest(
      `tiktok.privacyLevel ${level} is not allowed for this account; allowed: ${levels.join(', ')}.`,
    );
  }
  if (options['isBrandedContent'] === true && level === 'SELF_ONLY') {
    throw badRequest('Branded content cannot be private: choose a privacy level other than SELF_ONLY.');
  }
  if (ctx.text !== null) {
    const music = extractAutoMusic(ctx.text);
    if (music.autoAddMusic) {
      ctx.text = music.text;
      options['autoAddMusic'] = true;
    }
  }
}

function youtubeOptions(ctx: PublishContext): void {
  const options = ctx.options;
  if (typeof options['privacyStatus'] !== 'string') {
    throw missingOption(ctx, badRequest('A youtube post needs youtube.privacyStatus.'));
  }
}

interface SkoolGroupOption {
  id?: unknown;
  slug?: unknown;
  name?: unknown;
  labels?: unknown;
  labels_required?: unknown;
}

function skoolOptions(ctx: PublishContext): void {
  const options = ctx.options;
  const group = options['group'];
  if (
    typeof group !== 'string' ||
    group === '' ||
    typeof options['title'] !== 'string' ||
    options['title'] === ''
  ) {
    throw missingOption(ctx, badRequest('A skool post needs skool.group and skool.title.'));
  }
  const groups = ctx.connection?.options['groups'];
  const found = Array.isArray(groups)
    ? (groups as SkoolGroupOption[]).find((g) => g.id === group || g.slug === group || g.name === group)
    : undefined;
  // Some communities need a category, sent as label: the group's options say so.
  const needsLabel = found?.labels_required === true || ctx.connection?.options['labels_required'] === true;
  if (needsLabel && (typeof options['label'] !== 'string' || options['label'] === '')) {
    throw apiError(
      'category_required',
      `The skool group ${group} needs a category: send one of its labels as skool.label.`,
    );
  }
}

/** youtube.tags budget: 400 youtube_tags_too_long names the tags to remove. */
export function checkYoutubeTags(ctx: PublishContext): void {
  if (ctx.platform !== 'youtube') return;
  const tags = ctx.options['tags'];
  if (tags === undefined) return;
  if (!Array.isArray(tags) || !tags.every((t): t is string => typeof t === 'string')) {
    throw badRequest('youtube.tags must be a list of strings.');
  }
  const fit = fitYoutubeTags(tags);
  if (fit.fits) return;
  throw apiError(
    'youtube_tags_too_long',
    `youtube.tags count ${fit.length} characters; YouTube allows ${YOUTUBE_TAGS_MAX_LENGTH}.`,
    {
      extra: {
        tags_length: fit.length,
        max_tags_length: YOUTUBE_TAGS_MAX_LENGTH,
        remove_tags: fit.removeTags,
      },
    },
  );
}

/** Text limits a network refuses (threads 500); others are shortened or warned later. */
export function checkTextLimits(ctx: PublishContext): void {
  const platform = required(ctx.platform, 'platform');
  const limit = NETWORKS[platform].captions.text;
  if (limit === null || ctx.text === null) return;
  // Counted in the limit's own unit: TikTok counts UTF-16 code units.
  const length = limit.unit === 'UTF-16 code units' ? ctx.text.length : codePointLength(ctx.text);
  if (length <= limit.max) return;
  if (limit.whenOver === 'refuse') {
    throw badRequest(
      `${withArticle(platform, { capital: true })} post takes at most ${limit.max} characters; the text has ${length}.`,
    );
  }
  warn(
    ctx,
    'caption_over_limit',
    `The caption counts ${length.toLocaleString('en-US')} of ${limit.max.toLocaleString('en-US')} ${limit.unit}; ${platform} takes at most ${limit.max.toLocaleString('en-US')}.`,
    { field: 'content.text' },
  );
}
