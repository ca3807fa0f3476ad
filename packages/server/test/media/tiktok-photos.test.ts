import { isApiError } from '@socialpub/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareTiktokPhotos } from '../../src/domain/media/tiktok-photos.js';
import { sampleHeic } from '../helpers/media-import-server.js';

type Format = 'jpeg' | 'png' | 'webp' | 'avif' | 'tiff';

async function image(width: number, height: number, format: Format, options: { progressive?: boolean } = {}) {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 200 } } });
  if (format === 'jpeg') return base.jpeg({ progressive: options.progressive ?? false }).toBuffer();
  if (format === 'png') return base.png().toBuffer();
  if (format === 'webp') return base.webp().toBuffer();
  if (format === 'avif') return base.avif().toBuffer();
  return base.tiff().toBuffer();
}

async function refusal(files: Uint8Array[]): Promise<{ code: string; status: number; photo: unknown }> {
  try {
    await prepareTiktokPhotos(files.map((bytes) => ({ bytes })));
  } catch (error) {
    if (isApiError(error)) return { code: error.code, status: error.status, photo: error.extra['photo'] };
    throw error;
  }
  throw new Error('expected a refusal');
}

const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8;

describe('prepareTiktokPhotos', () => {
  it('sends a JPEG within 1080 x 1920 unchanged, without warnings', async () => {
    const jpeg = await image(800, 600, 'jpeg');
    const out = await prepareTiktokPhotos([{ bytes: jpeg, fileId: 'a' }]);
    expect(out.files[0]).toMatchObject({
      fileId: 'a',
      width: 800,
      height: 600,
      converted: false,
      resized: false,
    });
    expect(Buffer.from(out.files[0]?.bytes ?? []).equals(jpeg)).toBe(true);
    expect(out.warnings).toEqual([]);
    expect(out.notices).toEqual([]);
  });

  it.each(['png', 'webp'] as const)(
    'converts a %s to JPEG with warning converted_to_jpeg',
    async (format) => {
      const out = await prepareTiktokPhotos([{ bytes: await image(800, 600, format) }]);
      expect(isJpeg(out.files[0]?.bytes ?? new Uint8Array())).toBe(true);
      expect(out.warnings).toEqual([expect.objectContaining({ code: 'converted_to_jpeg', photo: 1 })]);
      expect(out.notices).toEqual([]);
    },
  );

  it('sends a smaller copy of a photo above 1080 x 1920 with warning and notice resized_for_tiktok', async () => {
    const small = await image(600, 600, 'jpeg');
    const large = await image(2160, 3840, 'jpeg');
    const out = await prepareTiktokPhotos([{ bytes: small }, { bytes: large }]);
    const copy = await sharp(Buffer.from(out.files[1]?.bytes ?? [])).metadata();
    expect([copy.width, copy.height]).toEqual([1080, 1920]);
    const expected = {
      code: 'resized_for_tiktok',
      photo: 2,
      photos: 2,
      size: { width: 2160, height: 3840 },
      copy_size: { width: 1080, height: 1920 },
    };
    expect(out.warnings).toEqual([expect.objectContaining(expected)]);
    expect(out.notices).toEqual([expect.objectContaining(expected)]);
  });

  it('converts and resizes a large PNG under 6,000,000 pixels', async () => {
    const out = await prepareTiktokPhotos([{ bytes: await image(2000, 2000, 'png') }]);
    expect(out.files[0]).toMatchObject({ width: 1080, height: 1080, converted: true, resized: true });
    expect(out.warnings.map((w) => w.code)).toEqual(['converted_to_jpeg', 'resized_for_tiktok']);
  });

  it.each([
    ['AVIF', async () => image(64, 64, 'avif')],
    ['TIFF', async () => image(64, 64, 'tiff')],
    ['HEIC', async () => sampleHeic()],
    ['BMP', async () => Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)])],
  ])('refuses %s with 422 photo_format_not_supported', async (_name, make) => {
    expect(await refusal([await image(64, 64, 'jpeg'), await make()])).toEqual({
      code: 'photo_format_not_supported',
      status: 422,
      photo: 2,
    });
  });

  it('refuses a PNG over 6,000,000 pixels with 422 photo_too_large_to_convert', async () => {
    expect(await refusal([await image(3000, 2500, 'png')])).toMatchObject({
      code: 'photo_too_large_to_convert',
      photo: 1,
    });
  });

  it('refuses a damaged photo with 422 photo_conversion_failed', async () => {
    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect(await refusal([damaged])).toMatchObject({ code: 'photo_conversion_failed', status: 422 });
  });

  it.each([
    ['a WebP above the box', async () => image(1200, 1200, 'webp')],
    ['a JPEG over 13 MP', async () => image(4000, 3300, 'jpeg')],
    ['a progressive JPEG over 12 MP', async () => image(3600, 3400, 'jpeg', { progressive: true })],
    ['an unreadable JPEG', async () => (await image(2160, 3840, 'jpeg')).subarray(0, 4000)],
  ])('refuses %s with 422 photo_too_large_to_resize and error.photo', async (_name, make) => {
    expect(await refusal([await image(100, 100, 'jpeg'), await make()])).toEqual({
      code: 'photo_too_large_to_resize',
      status: 422,
      photo: 2,
    });
  });

  it('resizes a baseline JPEG of the same 12.2 MP a progressive one cannot', async () => {
    const out = await prepareTiktokPhotos([{ bytes: await image(3600, 3400, 'jpeg') }]);
    expect(out.files[0]?.resized).toBe(true);
    expect(out.files[0]?.width).toBeLessThanOrEqual(1080);
  });
});
