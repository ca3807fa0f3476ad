/**
 * Readers tus-js-client pulls chunk-sized slices from, so no file is ever held in memory whole:
 * a path is read with positioned reads, a Blob with `slice`.
 */
export interface SliceSource {
  size: number;
  slice(start: number, end: number): Promise<{ value: unknown; done: boolean }>;
  close(): void;
}

function hasNodeBuffer(): boolean {
  return typeof (globalThis as { Buffer?: unknown }).Buffer === 'function';
}

export function blobSlices(blob: Blob): SliceSource {
  return {
    size: blob.size,
    async slice(start, end) {
      const part = blob.slice(start, end);
      const done = end >= blob.size;
      // Node's http stack needs a Buffer with `size`; a browser's XHR sends the Blob itself.
      if (!hasNodeBuffer()) return { value: part, done };
      const value = Object.assign(Buffer.from(await part.arrayBuffer()), { size: part.size });
      return { value, done };
    },
    close() {},
  };
}

export async function pathSlices(path: string, size: number): Promise<SliceSource> {
  const { open } = await import('node:fs/promises');
  const handle = await open(path, 'r');
  return {
    size,
    async slice(start, end) {
      const length = Math.max(0, Math.min(end, size) - start);
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, start);
      const value = Object.assign(buffer.subarray(0, bytesRead), { size: bytesRead });
      return { value, done: start + bytesRead >= size };
    },
    close() {
      void handle.close().catch(() => undefined);
    },
  };
}
