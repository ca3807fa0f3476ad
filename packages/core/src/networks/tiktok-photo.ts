import { MEGABYTE } from '../limits/byte-units.js';

/**
 * POST /posts, "Tiktok photo handling": when a photo is converted to JPEG, resized, or refused.
 * Pixel counts are width * height. "about 13 MP" and "about 12 MP" are taken as 13,000,000 and
 * 12,000,000 pixels.
 */
export const TIKTOK_PHOTO_RULES = {
  /** Formats that cannot be sent as JPEG: 422 photo_format_not_supported. */
  unsupportedFormats: ['image/heic', 'image/avif', 'image/bmp', 'image/tiff'],
  /** Over this many pixels a photo cannot be converted: 422 photo_too_large_to_convert. */
  maxConvertPixels: 6_000_000,
  /** A photo above this box is sent as a smaller copy (warning and notice resized_for_tiktok). */
  resizeAbove: { width: 1_080, height: 1_920 },
  /** The widest side of an image tiktok takes ("up to 1080 px"). */
  maxImageSidePixels: 1_080,
  /** Copies that cannot be made: 422 photo_too_large_to_resize with error.photo (from 1). */
  cannotResize: {
    webp: true,
    jpegMaxBytes: 5 * MEGABYTE,
    jpegMaxPixels: 13_000_000,
    progressiveJpegMaxBytes: 2 * MEGABYTE,
    progressiveJpegMaxPixels: 12_000_000,
  },
} as const;

export interface TiktokPhotoFacts {
  type: string;
  width: number;
  height: number;
  bytes: number;
  progressive: boolean;
}

/** "A photo above 1080 x 1920 pixels": wider than 1080 or taller than 1920. */
export function needsTiktokResize(width: number, height: number): boolean {
  const box = TIKTOK_PHOTO_RULES.resizeAbove;
  return width > box.width || height > box.height;
}

/** Whether the service can make the smaller copy of a photo that needs resizing. */
export function canResizeForTiktok(photo: TiktokPhotoFacts): boolean {
  const limits = TIKTOK_PHOTO_RULES.cannotResize;
  const pixels = photo.width * photo.height;
  if (photo.type === 'image/webp') return !limits.webp;
  if (photo.type !== 'image/jpeg') return true;
  if (photo.progressive) {
    return photo.bytes <= limits.progressiveJpegMaxBytes && pixels <= limits.progressiveJpegMaxPixels;
  }
  return photo.bytes <= limits.jpegMaxBytes && pixels <= limits.jpegMaxPixels;
}
