import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '../../src/start-server.js';
import { ADMIN_TOKEN, CLOCK_START } from '../helpers/test-app.js';

/** A real listener on a virtual clock, an agency account's API key and a scratch folder. */
export interface UploaderServer {
  server: RunningServer;
  apiKey: string;
  work: string;
  close(): Promise<void>;
}

/** The uploader-script tests run the served commands as child processes against this server. */
export async function startUploaderServer(keyName: string, folderPrefix: string): Promise<UploaderServer> {
  const server = await startServer(
    {
      memory: true,
      port: 0,
      host: '127.0.0.1',
      clock: 'virtual',
      clockStart: CLOCK_START,
      adminToken: ADMIN_TOKEN,
      seedDemo: false,
    },
    () => {},
  );
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(`${server.url}/admin/v1${path}`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify(body),
      })
    ).json()) as Record<string, string>;
  const account = await post('/accounts', { plan: 'agency' });
  const apiKey = (await post(`/accounts/${account['account_id']}/keys`, { name: keyName }))['api_key'] ?? '';
  const work = mkdtempSync(join(tmpdir(), folderPrefix));
  return {
    server,
    apiKey,
    work,
    async close() {
      await server.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
