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
import { jpegCopy, type PhotoMetadata, photoMetadata } from './photo-worker.js';

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
  let meta: PhotoMetadata;
  try {
    meta = await photoMetadata(buffer);
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
      progressive: meta.progressive,
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
  let copy: { bytes: Buffer; width: number; height: number };
  try {
    // Flattened on white, fitted inside the box without enlarging (photo-worker.mjs).
    copy = await jpegCopy(buffer, resize ? { ...TIKTOK_PHOTO_RULES.resizeAbove } : null, JPEG_QUALITY);
  } catch {
    // "an unreadable JPEG" cannot be made smaller; anything else unreadable is damaged.
    throw isJpeg && resize ? tooLarge() : damaged();
  }
  const size = { width, height };
  const copySize = { width: copy.width, height: copy.height };
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
    bytes: new Uint8Array(copy.bytes),
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
