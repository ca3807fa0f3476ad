import { createHash, randomBytes } from 'node:crypto';
import type { UploadLink } from '@socialpub/core';
import { afterEach } from 'vitest';
import { type Fixture, type TestApp, testApp } from './test-app.js';

export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A JPEG by its first bytes (the sniffer reads FF D8 FF), padded with random bytes. */
export function jpegBytes(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return bytes;
}

export function pngBytes(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  return bytes;
}

export interface UploadsTest {
  t: TestApp;
  fixture: Fixture;
}

/** A test app with one account on `plan` (default skilled) and one API key. */
export async function uploadsTest(
  plan = 'skilled',
  account: Record<string, unknown> = {},
): Promise<UploadsTest> {
  const t = await testApp();
  const fixture = await accountOn(t, plan, account);
  return { t, fixture };
}

export async function accountOn(
  t: TestApp,
  plan: string,
  account: Record<string, unknown> = {},
): Promise<Fixture> {
  const created = (await (await t.admin('POST', '/accounts', { plan, ...account })).json()) as {
    account_id: string;
  };
  const key = (await (
    await t.admin('POST', `/accounts/${created.account_id}/keys`, { name: 'uploads' })
  ).json()) as {
    api_key: string;
    key_id: string;
  };
  return { accountId: created.account_id, apiKey: key.api_key, keyId: key.key_id, profileId: '' };
}

export async function newKey(t: TestApp, accountId: string): Promise<string> {
  const key = (await (await t.admin('POST', `/accounts/${accountId}/keys`, { name: 'other' })).json()) as {
    api_key: string;
  };
  return key.api_key;
}

export function json(body: unknown): RequestInit {
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

export function announce(bytes: Uint8Array, fileName = 'photo.jpg', extra: Record<string, unknown> = {}) {
  return { file_name: fileName, size_bytes: bytes.byteLength, sha256: sha256Of(bytes), ...extra };
}

export async function createLink(
  t: TestApp,
  key: string,
  body: unknown,
): Promise<{ res: Response; link: UploadLink }> {
  const res = await t.api('POST', '/api/v2/media/uploads', key, json(body));
  const link = (await res.clone().json()) as UploadLink;
  return { res, link };
}

export function storagePath(link: UploadLink): string {
  return new URL(link.upload.url).pathname;
}

/** The TUS headers of `link`: a HEAD's, or with `offset` a PATCH's. */
export function tusHeaders(link: UploadLink, offset?: number): Record<string, string> {
  return {
    'x-signature': link.upload.token,
    'tus-resumable': '1.0.0',
    ...(offset === undefined
      ? {}
      : { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
  };
}

/** One TUS PATCH through the app (no listener). */
export function patch(
  t: TestApp,
  link: UploadLink,
  offset: number,
  bytes: Uint8Array,
  headers: Record<string, string> = {},
): Promise<Response> {
  return Promise.resolve(
    t.app.request(storagePath(link), {
      method: 'PATCH',
      headers: { ...tusHeaders(link, offset), ...headers },
      body: new Uint8Array(bytes),
    }),
  );
}

export function head(t: TestApp, link: UploadLink, token = link.upload.token): Promise<Response> {
  return Promise.resolve(
    t.app.request(storagePath(link), {
      method: 'HEAD',
      headers: { 'x-signature': token, 'tus-resumable': '1.0.0' },
    }),
  );
}

/** Sends the whole file in chunk_size pieces. */
export async function sendAll(t: TestApp, link: UploadLink, bytes: Uint8Array): Promise<void> {
  for (let offset = 0; offset < bytes.byteLength; offset += link.upload.chunk_size) {
    const res = await patch(t, link, offset, bytes.subarray(offset, offset + link.upload.chunk_size));
    if (res.status !== 204) throw new Error(`PATCH at ${offset}: ${res.status} ${await res.text()}`);
  }
}

export function complete(t: TestApp, key: string, fileId: string): Promise<Response> {
  return t.api('POST', `/api/v2/media/uploads/${fileId}/complete`, key);
}

export async function advance(t: TestApp, seconds: number): Promise<void> {
  const res = await t.admin('POST', '/clock', { advance_seconds: seconds });
  if (res.status !== 200) throw new Error(`clock: ${res.status}`);
}

export interface LinkedUpload extends UploadsTest {
  bytes: Buffer;
  link: UploadLink;
}

/**
 * For a test file whose tests each start from one announced upload link: returns `withLink`, which
 * makes a test app (skilled plan) and a link for `size` JPEG bytes, and closes that app after the test.
 */
export function useLinkedUploads(): (size?: number) => Promise<LinkedUpload> {
  let current: TestApp | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async (size = 1000) => {
    const made = await uploadsTest();
    current = made.t;
    const bytes = jpegBytes(size);
    const { link } = await createLink(made.t, made.fixture.apiKey, announce(bytes));
    return { ...made, bytes, link };
  };
}

interface StoragePatchKnobs {
  storagePatchGate: Promise<void> | undefined;
  storage: { isLocked(fileId: string): boolean };
}

/**
 * Holds every PATCH of the storage at its lock (the service's test knob) until `release` is
 * called, so a test decides when a piece lands, however slow the machine. A later hold takes over
 * the PATCHes that arrive after it; releasing an earlier one lets only its own held PATCH go on.
 */
export function holdStoragePatches(service: StoragePatchKnobs): { release: () => void } {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  service.storagePatchGate = gate;
  return {
    release() {
      if (service.storagePatchGate === gate) service.storagePatchGate = undefined;
      open();
    },
  };
}

/** Resolves once a PATCH holds the storage lock of `fileId`. */
export async function untilLocked(service: StoragePatchKnobs, fileId: string): Promise<void> {
  while (!service.storage.isLocked(fileId)) await new Promise((resolve) => setTimeout(resolve, 5));
}

interface RereadKnobs {
  storage: { hashAt(fileId: string, offset: number): Promise<unknown> };
}

/**
 * Holds the whole-file re-read a `complete` starts when the running hash is gone (as after a
 * restart) until `release` is called: with `verifyWaitMs = 0` a read that beat the 0 ms timer
 * would answer 200 where the test means 202 verifying.
 */
export function holdRereads(service: RereadKnobs): { release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hashAt = service.storage.hashAt.bind(service.storage);
  service.storage.hashAt = async (fileId, offset) => {
    await held;
    return hashAt(fileId, offset);
  };
  return { release };
}
