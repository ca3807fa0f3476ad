import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 may let the old generation grow past what a full collection left alive (percent, V8's
 * `--heap-growing-percent`) while a long upload body streams in. 0 is V8's own choice (10% to
 * 300%, from how busy the collector is), which the server keeps at every other time.
 *
 * Why: V8 counts the external memory made since the last full collection (here the Buffers that
 * hold request bodies, a fresh 64 KiB one per socket read) against the old generation's room. This
 * server's live heap is small (about 20 MB), so once a full collection has run (the memory reducer
 * runs one after any idle spell) V8 leaves about 10 MB of room, and a tus upload used it up every
 * 10 to 20 MB of body: about 50 full collections per GiB and 1.5 s more CPU per GiB. The body
 * Buffers die at once and go at the next young collection; only the room was too small. With 200%
 * the room after a collection is about 40 MB and a 1 GiB upload runs with 0 or 1 full collections.
 * Raised only while such a body streams: for the whole process it also let ordinary garbage build
 * up (the bench's mixed load peaked 30 MB higher and stayed 30 MB higher when idle).
 */
const UPLOAD_HEAP_GROWING_PERCENT = 200;
/** A PATCH body at least this long (or of unknown length) counts as a long upload body. */
export const LONG_BODY_BYTES = 1024 * 1024;

let streaming = 0;
let disabled: boolean | undefined;

/** The operator's own `--heap-growing-percent` (command line or NODE_OPTIONS) is never overridden. */
function operatorChose(): boolean {
  disabled ??=
    [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) =>
      arg.includes('heap-growing-percent'),
    ) || process.env.SOCIALPUB_UPLOAD_HEAP_GROWTH === '0';
  return disabled;
}

/**
 * Runs `stream` (the writing of one upload body) with the old generation's room raised when the
 * body is long; the room goes back to V8's own choice when the last such body has ended.
 */
export async function withUploadHeapRoom<T>(
  declaredBytes: number | null,
  stream: () => Promise<T>,
): Promise<T> {
  if ((declaredBytes !== null && declaredBytes < LONG_BODY_BYTES) || operatorChose()) return stream();
  if (streaming++ === 0) setFlagsFromString(`--heap-growing-percent=${UPLOAD_HEAP_GROWING_PERCENT}`);
  try {
    return await stream();
  } finally {
    if (--streaming === 0) setFlagsFromString('--heap-growing-percent=0');
  }
}

/** Long upload bodies streaming now (tests). */
export function longBodiesStreaming(): number {
  return streaming;
}
