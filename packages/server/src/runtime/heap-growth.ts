import { setFlagsFromString } from 'node:v8';

/**
 * V8's `--heap-growing-percent` while a long upload body streams in (0, V8's own choice, at every
 * other time). V8 counts body Buffers against the old generation's small room, so an upload forced
 * full collections it did not need; raised for the whole process, ordinary garbage would build up.
 * docs/performance.md, "Memory goes back when the server goes quiet", says why.
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
