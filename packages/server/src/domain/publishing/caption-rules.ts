import {
  shortenTiktokPhotoDescription,
  shortenTiktokPhotoTitle,
  shortenYoutubeDescription,
  shortenYoutubeTitle,
  type TextWarning,
} from '@socialpub/core';
import { type PublishContext, warn } from './publish-context.js';

function addAll(ctx: PublishContext, warnings: TextWarning[]): void {
  for (const w of warnings) warn(ctx, w.code, w.message);
}

/**
 * Warnings: youtube titles over 100 characters or on several lines, descriptions over 5,000 bytes,
 * < and > removed; tiktok photo titles over 90 and descriptions over 4,000 characters. The post is
 * still sent with the shortened text. Decision: without `youtube.title` the text is the title; with
 * it the text is the description; with neither the video is called Untitled (`title_missing`).
 */
export function applyCaptionRules(ctx: PublishContext): void {
  if (ctx.platform === 'youtube') {
    const given = typeof ctx.options['title'] === 'string' ? ctx.options['title'] : undefined;
    const rawTitle = given ?? ctx.text ?? undefined;
    if (rawTitle === undefined || rawTitle.trim() === '') {
      ctx.options['title'] = 'Untitled';
      warn(ctx, 'title_missing', 'No title was sent; the video is called Untitled.');
    } else {
      const title = shortenYoutubeTitle(rawTitle);
      ctx.options['title'] = title.value;
      addAll(ctx, title.warnings);
    }
    const rawDescription =
      typeof ctx.options['description'] === 'string'
        ? ctx.options['description']
        : given === undefined
          ? null
          : ctx.text;
    if (rawDescription !== null) {
      const description = shortenYoutubeDescription(rawDescription);
      ctx.options['description'] = description.value;
      addAll(ctx, description.warnings);
    }
    return;
  }
  if (ctx.platform === 'tiktok' && ctx.postType === 'photo_slideshow') {
    if (typeof ctx.options['title'] === 'string') {
      const title = shortenTiktokPhotoTitle(ctx.options['title']);
      ctx.options['title'] = title.value;
      addAll(ctx, title.warnings);
    }
    if (ctx.text !== null) {
      const description = shortenTiktokPhotoDescription(ctx.text);
      ctx.text = description.value;
      addAll(ctx, description.warnings);
    }
  }
}
