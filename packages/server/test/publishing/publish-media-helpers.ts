import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { MediaFileRecord } from '../../src/db/media-files-repo.js';
import {
  type Fixture as FileFixture,
  type FileServer,
  sampleHeic,
  sampleMp4,
  startFileServer,
} from '../helpers/media-import-server.js';
import { addFile, fixture } from '../helpers/publishing.js';
import { type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

/** Photos for the tiktok photo rules, made with sharp (sizes around 1080 x 1920 and 6,000,000 px). */
export async function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 200 } } });
  if (format === 'png') return base.png({ compressionLevel: 1 }).toBuffer();
  if (format === 'webp') return base.webp().toBuffer();
  return base.jpeg().toBuffer();
}

export interface PhotoSet {
  small: Buffer;
  /** Above 1080 x 1920, under 6,000,000 px: converted and resized. */
  bigPng: Buffer;
  /** Above 1080 x 1920, under 6,000,000 px: a WebP cannot be made smaller. */
  hugeWebp: Buffer;
  /** Over 6,000,000 px: cannot be converted. */
  giantPng: Buffer;
  heic: Buffer;
}

export async function photoSet(): Promise<PhotoSet> {
  return {
    small: await photo(600, 400, 'jpeg'),
    bigPng: await photo(1500, 2500, 'png'),
    hugeWebp: await photo(2000, 2500, 'webp'),
    giantPng: await photo(3000, 2100, 'png'),
    heic: sampleHeic(),
  };
}

const GB = 1024 ** 3;
const MB = 1024 ** 2;

/** What the loopback host serves; a missing path answers 404. */
export function publishFixtures(p: PhotoSet): Record<string, FileFixture> {
  return {
    '/small.jpg': { type: 'image/jpeg', body: p.small },
    '/big.png': { type: 'image/png', body: p.bigPng },
    '/huge.webp': { type: 'image/webp', body: p.hugeWebp },
    '/giant.png': { type: 'image/png', body: p.giantPng },
    // HEIC bytes behind a .jpg name: the ending says image, the bytes say HEIC.
    '/heic.jpg': { type: 'application/octet-stream', body: p.heic },
    '/clip.mp4': { type: 'video/mp4', body: sampleMp4() },
    // Content-Length 0 on the HEAD: the host does not say its size.
    '/no-length.mp4': { type: 'video/mp4', body: sampleMp4(), declaredSize: 0 },
    '/two-gb.mp4': { type: 'video/mp4', body: sampleMp4(), declaredSize: 2 * GB },
    '/five-gb.mp4': { type: 'video/mp4', body: sampleMp4(), declaredSize: 5 * GB },
    '/25mb.jpg': { type: 'image/jpeg', body: p.small, declaredSize: 25 * MB },
    '/10mb.jpg': { type: 'image/jpeg', body: p.small, declaredSize: 10 * MB },
  };
}

/** A loopback port nothing listens on (the host does not answer). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A ready library image whose bytes are in the media folder (as an import leaves it). */
export function addStoredPhoto(
  t: TestApp,
  accountId: string,
  bytes: Buffer,
  fields: Partial<MediaFileRecord> = {},
): string {
  const fileId = randomUUID();
  return addFile(t, accountId, {
    fileId,
    fileName: 'photo.png',
    type: 'image/png',
    kind: 'image',
    size: bytes.byteLength,
    storagePath: t.services.mediaFolder.writeKeptFile(fileId, bytes),
    ...fields,
  });
}

export const codes = (warnings: unknown): string[] =>
  Array.isArray(warnings) ? warnings.map((w: { code: string }) => w.code) : [];

export interface PublishMediaTest {
  photos: PhotoSet;
  /** What `files` serves, publishFixtures(photos) at first: a test may add paths. */
  served: Record<string, FileFixture>;
  /** The loopback host serving `served`. */
  files: FileServer;
  /** A loopback port nothing listens on. */
  deadPort: number;
  /** A test app that may import from 127.0.0.1, new for each test. */
  t: TestApp;
  /** An account on every network of `t`. */
  f: Fixture;
}

/** For a test file on publishing with media: the photos and their host once, an app and a fixture per test. */
export function usePublishMedia(): PublishMediaTest {
  const s = {} as PublishMediaTest;
  beforeAll(async () => {
    s.photos = await photoSet();
    s.served = publishFixtures(s.photos);
    s.files = await startFileServer(s.served);
    s.deadPort = await closedPort();
  }, 30_000);
  afterAll(async () => s.files.close());
  beforeEach(async () => {
    s.t = await testApp({ importAllow: ['127.0.0.1'] });
    s.f = await fixture(s.t);
  });
  afterEach(async () => s.t.close());
  return s;
}
