import { spawn } from 'node:child_process';

/**
 * One curl per chunk, each PATCH body read by dd from the right offset of the file: the loop the
 * brief and the API document show for a client without a TUS library. The same loop feeds every
 * server (bare sink, @tus/server, socialpub), so their figures differ only by the server.
 */
const LOOP = `
set -e
file=$1; url=$2; size=$3; chunk=$4; shift 4
offset=0; i=0
while [ "$offset" -lt "$size" ]; do
  code=$(dd if="$file" bs="$chunk" skip="$i" count=1 status=none | curl -sS -o /dev/null -w '%{http_code}' \\
    -X PATCH -H 'Expect:' -H 'Tus-Resumable: 1.0.0' -H 'Content-Type: application/offset+octet-stream' \\
    -H "Upload-Offset: $offset" "$@" --data-binary @- "$url")
  if [ "$code" != 204 ]; then echo "PATCH at $offset answered $code" >&2; exit 1; fi
  i=$((i + 1)); offset=$((offset + chunk))
done
`;

/** Sends `file` to a TUS upload address in `chunk`-byte PATCHes; resolves with the wall time (ms). */
export function curlUpload({ file, url, size, chunk = 6_291_456, headers = {} }) {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      'bash',
      ['-c', LOOP, 'curl-upload', file, url, String(size), String(chunk), ...headerArgs],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (piece) => {
      stderr += piece;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(performance.now() - started);
      else reject(new Error(`curl upload to ${url} failed (${code}): ${stderr.trim()}`));
    });
  });
}
