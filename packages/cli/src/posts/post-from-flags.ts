import { readFile } from 'node:fs/promises';
import type { PostRequest } from '@socialpub/sdk';
import { usageError } from '../output/cli-error.js';

/** The flags of `posts create` and `posts validate` that make the post object. */
export interface PostFlags {
  profile?: string;
  platform?: string;
  text?: string;
  media?: string[];
  mediaUrl?: string[];
  schedule?: string;
  tiktokPrivacy?: string;
  youtubeTitle?: string;
  youtubePrivacy?: string;
  youtubeTags?: string[];
  pinterestBoard?: string;
  skoolGroup?: string;
  skoolTitle?: string;
  skoolLabel?: string;
  instagramPostType?: string;
  facebookPostType?: string;
  file?: string;
  legacy?: boolean;
}

/** A post object read from `--file`, and whether the file asked for a dry run. */
export interface PostInput {
  post: PostRequest;
  dryRun: boolean;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `--file` holds the post object, or the whole body `{post}` / `{validate}` (with `dryRun`). */
async function readPostFile(path: string): Promise<{ post: JsonObject; dryRun: boolean }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw usageError(`Could not read --file ${path}: ${(error as Error).message}`);
  }
  if (!isObject(parsed)) throw usageError(`--file ${path} must hold a JSON object.`);
  if (isObject(parsed['validate'])) return { post: { ...parsed['validate'] }, dryRun: true };
  if (isObject(parsed['post'])) {
    return {
      post: { ...parsed['post'] },
      dryRun: parsed['dryRun'] === true || parsed['post']['dryRun'] === true,
    };
  }
  const { dryRun, ...post } = parsed;
  return { post, dryRun: dryRun === true };
}

/** Unix seconds or milliseconds stay numbers; everything else goes as written (the service parses it). */
function scheduledForOf(value: string): string | number {
  return /^\d{9,13}$/.test(value.trim()) ? Number(value.trim()) : value;
}

function setBlock(post: JsonObject, name: string, fields: JsonObject): void {
  const given = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (given.length === 0) return;
  const current = isObject(post[name]) ? post[name] : {};
  post[name] = { ...current, ...Object.fromEntries(given) };
}

/** Builds `post` from `--file` (if any) with the flags laid over it. */
export async function postFromFlags(flags: PostFlags): Promise<PostInput> {
  const fromFile = flags.file ? await readPostFile(flags.file) : { post: {}, dryRun: false };
  const post: JsonObject = fromFile.post;
  if (flags.profile !== undefined) post['accountId'] = flags.profile;
  if (flags.platform !== undefined) post['platform'] = flags.platform;
  const content: JsonObject = isObject(post['content']) ? { ...post['content'] } : {};
  if (flags.text !== undefined) content['text'] = flags.text;
  if (flags.media !== undefined) content['mediaID'] = flags.media;
  if (flags.mediaUrl !== undefined) content['mediaUrls'] = flags.mediaUrl;
  if (Object.keys(content).length > 0) post['content'] = content;
  if (flags.schedule !== undefined) post['scheduledFor'] = scheduledForOf(flags.schedule);
  setBlock(post, 'tiktok', { privacyLevel: flags.tiktokPrivacy });
  setBlock(post, 'youtube', {
    title: flags.youtubeTitle,
    privacyStatus: flags.youtubePrivacy,
    tags: flags.youtubeTags,
  });
  setBlock(post, 'pinterest', { boardId: flags.pinterestBoard });
  setBlock(post, 'skool', { group: flags.skoolGroup, title: flags.skoolTitle, label: flags.skoolLabel });
  setBlock(post, 'instagram', { postType: flags.instagramPostType });
  setBlock(post, 'facebook', { postType: flags.facebookPostType });
  if (typeof post['accountId'] !== 'string' || post['accountId'] === '') {
    throw usageError('Missing --profile (or accountId in --file).', 'See `socialpub accounts list`.');
  }
  if (typeof post['platform'] !== 'string' || post['platform'] === '') {
    throw usageError('Missing --platform (or platform in --file).');
  }
  return { post: post as PostRequest, dryRun: fromFile.dryRun };
}
