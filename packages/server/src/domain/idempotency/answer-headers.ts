/**
 * Headers that belong to the connection or the moment of sending, not to the answer itself: a
 * replay gets fresh ones from the listener. Everything else (Content-Type, Retry-After, the
 * handler's own headers) is stored so the replay is the first answer byte for byte (rule 1).
 */
const NOT_STORED = new Set([
  'connection',
  'content-length',
  'date',
  'keep-alive',
  'set-cookie',
  'transfer-encoding',
  'idempotent-replayed',
  // Every answer gets it on its way out (http/pipeline-steps.ts), a replay too.
  'x-content-type-options',
]);

export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export function answerHeadersToStore(headers: Headers): Array<[string, string]> {
  const kept: Array<[string, string]> = [];
  headers.forEach((value, name) => {
    if (!NOT_STORED.has(name.toLowerCase())) kept.push([name, value]);
  });
  return kept;
}
