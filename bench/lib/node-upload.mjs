import { open } from 'node:fs/promises';

/**
 * The served Node uploader's sending loop without its checks: read a chunk, PATCH it with fetch
 * (one keep-alive connection), next offset from the answer. It shows each server's own cost, where
 * the curl loop also pays a dd and a curl process per chunk. Resolves with the wall time (ms).
 */
export async function nodeUpload({ file, url, size, chunk = 6_291_456, headers = {} }) {
  const started = performance.now();
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(chunk);
    let offset = 0;
    while (offset < size) {
      const length = Math.min(chunk, size - offset);
      await handle.read(buffer, 0, length, offset);
      const res = await fetch(url, {
        method: 'PATCH',
        headers: {
          ...headers,
          'Tus-Resumable': '1.0.0',
          'Content-Type': 'application/offset+octet-stream',
          'Upload-Offset': String(offset),
        },
        body: buffer.subarray(0, length),
      });
      await res.arrayBuffer();
      if (res.status !== 204) throw new Error(`PATCH at ${offset} answered ${res.status}`);
      offset = Number(res.headers.get('upload-offset'));
    }
  } finally {
    await handle.close();
  }
  return performance.now() - started;
}
