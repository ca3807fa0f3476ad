import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { consentThroughForms } from '../../test/helpers/form-browser.js';

/** A port nothing listens on now, for the suite's callback listener. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The suite's authorization-server scenarios (metadata endpoint, authorization code grant) against
 * the server's own OAuth issuer. The grant scenario prints the authorization URL for a person to
 * open and waits for the redirect to its callback listener: the demo person signs in and consents
 * by real form posts, and the redirect they get is delivered to that listener.
 */
export async function runAuthorizationScenarios(
  node: string,
  suite: string,
  issuer: string,
): Promise<number | null> {
  const port = await freePort();
  const registered = (await (
    await fetch(`${issuer}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'MCP conformance suite (authorization server)',
        redirect_uris: [`http://127.0.0.1:${port}/callback`],
      }),
    })
  ).json()) as { client_id: string };
  const args = ['authorization', '--url', issuer, '--client-id', registered.client_id];
  args.push('--port', String(port), '--resource', `${issuer}/mcp`);
  const child = spawn(node, [suite, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  let consented = false;
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    printed += chunk.toString('utf8');
    const url = new RegExp(`${issuer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/oauth/authorize\\?\\S+`).exec(
      printed,
    )?.[0];
    if (url === undefined || consented) return;
    consented = true;
    consentThroughForms(url, { email: 'demo@example.com', password: 'demo-password', permission: 'post' })
      .then((redirect) => fetch(redirect))
      .catch((error: unknown) => {
        console.error(`conformance: the consent for the grant scenario failed: ${String(error)}`);
        child.kill('SIGTERM');
      });
  });
  // The grant waits for its callback up to five minutes; a stuck run is stopped (this child, by pid).
  const timer = setTimeout(() => child.kill('SIGTERM'), 120_000);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
