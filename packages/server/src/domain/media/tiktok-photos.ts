import { readFile } from 'node:fs/promises';
import {
  apiError,
  canResizeForTiktok,
  type Notice,
  needsTiktokResize,
  SNIFF_BYTES,
  sniffMediaType,
  TIKTOK_PHOTO_RULES,
  type Warning,
} from '@socialpub/core';
import type { Metadata, OutputInfo } from 'sharp';

/**
 * sharp (libvips) is loaded on the first tiktok photo post, not at start: its native library is
 * tens of megabytes of resident memory that a server which never converts a photo does not need.
 */
let sharpModule: Promise<typeof import('sharp')> | undefined;

/**
 * libvips keeps up to 50 MB of finished operations (and 20 open files) by default and runs one
 * thread per core per image. Every tiktok photo is converted once and never again, so the cache
 * only holds memory (issue 13: RSS that stayed up after a load); it is off, and one thread per
 * image keeps a burst of photo posts from holding a buffer set per core each.
 */
export const SHARP_CACHE = { memory: 0, files: 0, items: 0 } as const;
export const SHARP_THREADS_PER_IMAGE = 1;

export async function loadSharp(): Promise<typeof import('sharp').default> {
  sharpModule ??= import('sharp').then((module) => {
    module.default.cache(SHARP_CACHE);
    module.default.concurrency(SHARP_THREADS_PER_IMAGE);
    return module;
  });
  return (await sharpModule).default;
}

/**
 * POST /posts, "Tiktok photo handling": each photo of a tiktok photo post is sent as a JPEG of at
 * most 1080 x 1920. PNG and WebP are converted (warning `converted_to_jpeg`); a larger photo is
 * sent as a smaller copy (warning and notice `resized_for_tiktok`). A photo that cannot be sent
 * as JPEG, or cannot be made smaller, refuses the whole post with 422 and `error.photo` (from 1).
 */
export interface TiktokPhotoInput {
  fileId?: string;
  /** The file's bytes, or `path` to read them from. */
  bytes?: Uint8Array;
  path?: string;
}

export interface TiktokPhoto {
  fileId?: string;
  type: 'image/jpeg';
  bytes: Uint8Array;
  width: number;
  height: number;
  converted: boolean;
  resized: boolean;
}

export interface PreparedTiktokPhotos {
  files: TiktokPhoto[];
  warnings: Warning[];
  notices: Notice[];
}

const JPEG_QUALITY = 90;

async function bytesOf(input: TiktokPhotoInput): Promise<Buffer> {
  if (input.bytes) return Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  if (input.path) return readFile(input.path);
  throw new TypeError('A tiktok photo needs bytes or a path.');
}

async function preparePhoto(
  input: TiktokPhotoInput,
  photo: number,
  photos: number,
  out: PreparedTiktokPhotos,
) {
  const extra = { photo };
  const buffer = await bytesOf(input);
  const sniffed = sniffMediaType(buffer.subarray(0, SNIFF_BYTES));
  const formats: readonly string[] = TIKTOK_PHOTO_RULES.unsupportedFormats;
  if (sniffed && (formats.includes(sniffed.mime) || !sniffed.accepted || sniffed.kind !== 'image')) {
    throw apiError(
      'photo_format_not_supported',
      `Photo ${photo} is ${sniffed.label}, which cannot be sent as JPEG.`,
      {
        extra,
      },
    );
  }
  const damaged = () =>
    apiError('photo_conversion_failed', `Photo ${photo} is damaged and could not be read.`, { extra });
  if (!sniffed) throw damaged();
  let meta: Metadata;
  try {
    meta = await (await loadSharp())(buffer).metadata();
  } catch {
    throw damaged();
  }
  const { width, height } = meta;
  if (!width || !height) throw damaged();
  const type = sniffed.mime;
  const isJpeg = type === 'image/jpeg';
  if (!isJpeg && width * height > TIKTOK_PHOTO_RULES.maxConvertPixels) {
    throw apiError(
      'photo_too_large_to_convert',
      `Photo ${photo} has ${width * height} pixels; at most ${TIKTOK_PHOTO_RULES.maxConvertPixels} can be converted to JPEG.`,
      { extra },
    );
  }
  const resize = needsTiktokResize(width, height);
  const tooLarge = () =>
    apiError(
      'photo_too_large_to_resize',
      `Photo ${photo} (${width} x ${height}) is above ${TIKTOK_PHOTO_RULES.resizeAbove.width} x ${TIKTOK_PHOTO_RULES.resizeAbove.height} and cannot be made smaller; send it at most that size.`,
      { extra },
    );
  if (
    resize &&
    !canResizeForTiktok({
      type,
      width,
      height,
      bytes: buffer.byteLength,
      progressive: meta.isProgressive === true,
    })
  ) {
    throw tooLarge();
  }
  if (isJpeg && !resize) {
    out.files.push({
      ...idOf(input),
      type: 'image/jpeg',
      bytes: new Uint8Array(buffer),
      width,
      height,
      converted: false,
      resized: false,
    });
    return;
  }
  let copy: { data: Buffer; info: OutputInfo };
  try {
    const sharp = await loadSharp();
    let pipeline = sharp(buffer, { failOn: 'error' }).flatten({ background: '#ffffff' });
    if (resize) {
      const box = TIKTOK_PHOTO_RULES.resizeAbove;
      pipeline = pipeline.resize({
        width: box.width,
        height: box.height,
        fit: 'inside',
        withoutEnlargement: true,
      });
    }
    copy = await pipeline.jpeg({ quality: JPEG_QUALITY }).toBuffer({ resolveWithObject: true });
  } catch {
    // "an unreadable JPEG" cannot be made smaller; anything else unreadable is damaged.
    throw isJpeg && resize ? tooLarge() : damaged();
  }
  const size = { width, height };
  const copySize = { width: copy.info.width, height: copy.info.height };
  if (!isJpeg) {
    out.warnings.push({
      code: 'converted_to_jpeg',
      message: `Photo ${photo} (${sniffed.label}) was sent as JPEG.`,
      photo,
    });
  }
  if (resize) {
    const change = {
      code: 'resized_for_tiktok',
      message: `Photo ${photo} of ${photos} (${width} x ${height}) was sent as a ${copySize.width} x ${copySize.height} copy.`,
      photo,
      photos,
      size,
      copy_size: copySize,
    };
    out.warnings.push(change);
    out.notices.push(change);
  }
  out.files.push({
    ...idOf(input),
    type: 'image/jpeg',
    bytes: new Uint8Array(copy.data),
    width: copySize.width,
    height: copySize.height,
    converted: !isJpeg,
    resized: resize,
  });
}

function idOf(input: TiktokPhotoInput): { fileId?: string } {
  return input.fileId === undefined ? {} : { fileId: input.fileId };
}

/** Prepares every photo of a tiktok photo post in order, or throws the first photo's refusal. */
export async function prepareTiktokPhotos(
  inputs: readonly TiktokPhotoInput[],
): Promise<PreparedTiktokPhotos> {
  const out: PreparedTiktokPhotos = { files: [], warnings: [], notices: [] };
  for (const [index, input] of inputs.entries()) await preparePhoto(input, index + 1, inputs.length, out);
  return out;
}
