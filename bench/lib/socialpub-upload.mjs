import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The reference server's upload folder: `<dataDir>/media/uploads/<file_id>.part` while uploading. */
export const uploadsDirOf = (dataDir) => join(dataDir, 'media', 'uploads');

/** Calls the public API with an account's key; throws on a non-2xx answer. */
export async function api(baseUrl, apiKey, method, path, body) {
  const res = await fetch(`${baseUrl}/api/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return { status: res.status, body: answer };
}

/** POST /media/uploads for the file under `fileName` (a different name per run gives a new link). */
export async function createUploadLink(baseUrl, apiKey, file, fileName, extra = {}) {
  const { body } = await api(baseUrl, apiKey, 'POST', '/media/uploads', {
    file_name: fileName,
    size_bytes: file.size,
    sha256: file.sha256,
    ...extra,
  });
  return body;
}

/** POST .../complete right after the last byte: how long the answer takes, and what it says. */
export async function timeComplete(baseUrl, apiKey, fileId) {
  const started = performance.now();
  const { status, body } = await api(baseUrl, apiKey, 'POST', `/media/uploads/${fileId}/complete`);
  return { ms: performance.now() - started, status, state: body.status };
}

/**
 * Runs the uploader block's `command` as a user would paste it (sh: fetch the script, check its
 * SHA-256, run it with node), with the placeholder replaced by the file's path. Resolves with the
 * wall time and the uploader's last JSON line.
 */
export function runUploaderCommand(command, placeholder, filePath) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command.replace(placeholder, filePath)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (piece) => {
      out += piece;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const ms = performance.now() - started;
      const last = out.trim().split('\n').at(-1) ?? '';
      let line = null;
      try {
        line = JSON.parse(last);
      } catch {
        // reported below
      }
      if (code === 0 && line?.state === 'done') resolve({ ms, line });
      else reject(new Error(`uploader exited with ${code}: ${last}`));
    });
  });
}
