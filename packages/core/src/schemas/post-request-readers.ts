import { PLATFORMS } from '../platforms.js';
import type { Warning } from './common.js';
import { OPTION_BLOCK_SCHEMAS, TiktokTargetSchema } from './post-options.js';
import { POST_BODY_KEYS, POST_CONTENT_KEYS, POST_KEYS } from './post-request.js';

/** What a media list field held ("Media rule"): empty and text forms are refused by the server. */
export type MediaField =
  | { kind: 'absent' }
  | { kind: 'list'; ids: string[] }
  | { kind: 'empty' }
  | { kind: 'not_a_list' };

export type DryRunValue = boolean | 'invalid';

type Fields = Record<string, unknown>;

export function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A list of strings; `[]` or null is empty; anything else (text above all) is not a list. */
export function readListField(value: unknown): MediaField {
  if (value === undefined) return { kind: 'absent' };
  if (value === null) return { kind: 'empty' };
  if (!Array.isArray(value)) return { kind: 'not_a_list' };
  if (value.length === 0) return { kind: 'empty' };
  if (!value.every((item): item is string => typeof item === 'string')) return { kind: 'not_a_list' };
  return { kind: 'list', ids: [...value] };
}

/**
 * `content.mediaID` with its alias `mediaIds` merged: when both are lists the ids are joined
 * (first `mediaID`, duplicates dropped); one field not a list makes the whole field not a list.
 */
export function readMediaField(content: unknown): MediaField {
  if (!isRecord(content)) return { kind: 'absent' };
  const fields = [readListField(content['mediaID']), readListField(content['mediaIds'])];
  if (fields.some((f) => f.kind === 'not_a_list')) return { kind: 'not_a_list' };
  const ids: string[] = [];
  for (const field of fields) {
    if (field.kind !== 'list') continue;
    for (const id of field.ids) if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > 0) return { kind: 'list', ids };
  return fields.some((f) => f.kind === 'empty') ? { kind: 'empty' } : { kind: 'absent' };
}

/** The object that holds the post: `post`, else `validate` (a dry run). */
export function readPostObject(body: unknown): { via: 'post' | 'validate'; post: Fields } | undefined {
  if (!isRecord(body)) return undefined;
  if (isRecord(body['post'])) return { via: 'post', post: body['post'] };
  if (isRecord(body['validate'])) return { via: 'validate', post: body['validate'] };
  return undefined;
}

/**
 * `dryRun` next to `post` or inside it ("Dry run"): any value other than a boolean is 'invalid'
 * (400 `bad_request`). A `validate` object, or `true` in either place, makes it a dry run: when
 * the two places disagree nothing is sent, the safer reading.
 */
export function readDryRun(body: unknown): DryRunValue {
  if (!isRecord(body)) return false;
  const held = readPostObject(body);
  const values = [body['dryRun'], held?.post['dryRun']].filter((v) => v !== undefined);
  if (values.some((v) => typeof v !== 'boolean')) return 'invalid';
  return isRecord(body['validate']) || values.includes(true);
}

const BLOCK_NAMES: ReadonlySet<string> = new Set([...PLATFORMS, 'target']);

/** Option blocks placed beside `post` instead of inside it (warning `options_outside_post`). */
export function findOptionsOutsidePost(body: unknown): string[] {
  if (!isRecord(body)) return [];
  return Object.keys(body).filter((key) => BLOCK_NAMES.has(key));
}

/** Each option block's known fields, read from its schema once (every POST /posts asks). */
let blockFields: Map<string, readonly string[]> | undefined;
function knownBlockFields(block: string): readonly string[] {
  blockFields ??= new Map<string, readonly string[]>([
    ...PLATFORMS.map((platform) => [platform, Object.keys(OPTION_BLOCK_SCHEMAS[platform].shape)] as const),
    ['target', Object.keys(TiktokTargetSchema.shape)],
  ]);
  return blockFields.get(block) ?? [];
}

function unknownKeys(value: unknown, known: readonly string[], path: string): string[] {
  if (!isRecord(value)) return [];
  return Object.keys(value)
    .filter((key) => !known.includes(key))
    .map((key) => `${path}.${key}`);
}

/**
 * Dotted paths of fields the service does not know (warning `unknown_field`): at the top level,
 * in the post, its content, its option blocks and the target form. Blocks beside `post` are left
 * to `findOptionsOutsidePost`.
 */
export function unknownFields(body: unknown): string[] {
  if (!isRecord(body)) return [];
  const outside = findOptionsOutsidePost(body);
  const found = Object.keys(body).filter((key) => !POST_BODY_KEYS.includes(key) && !outside.includes(key));
  const held = readPostObject(body);
  if (held === undefined) return found;
  const base = held.via;
  found.push(...unknownKeys(held.post, POST_KEYS, base));
  found.push(...unknownKeys(held.post['content'], POST_CONTENT_KEYS, `${base}.content`));
  for (const block of BLOCK_NAMES) {
    if (!isRecord(held.post[block])) continue;
    found.push(...unknownKeys(held.post[block], knownBlockFields(block), `${base}.${block}`));
  }
  return found;
}

/** The `unknown_field` warnings of a body, one per field, named by its path. */
export function unknownFieldWarnings(body: unknown): Warning[] {
  return unknownFields(body).map((field) => ({
    code: 'unknown_field',
    message: `The field ${field} is not known and was not used.`,
    field,
  }));
}
