import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT } from './run-node.js';

export const NGINX_PATH = '/usr/sbin/nginx';

/** A local certificate authority and a server certificate it signed for `localhost` and 127.0.0.1. */
export interface TestCertificates {
  /** The CA's certificate (NODE_EXTRA_CA_CERTS for Node clients). */
  caPath: string;
  certPath: string;
  keyPath: string;
  /** base64 SHA-256 of the server key's SubjectPublicKeyInfo (Chromium's --ignore-certificate-errors-spki-list). */
  spki: string;
}

/** Makes the CA and the server certificate with openssl in `dir` (P-256 keys: quick to make). */
export function makeCertificates(dir: string): TestCertificates {
  const path = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    path('ca.key'),
    '-out',
    path('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=socialpub test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl('req', ...ec, '-keyout', path('server.key'), '-out', path('server.csr'), '-subj', '/CN=localhost');
  writeFileSync(
    path('server.ext'),
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    path('server.csr'),
    '-CA',
    path('ca.pem'),
    '-CAkey',
    path('ca.key'),
    '-CAcreateserial',
    '-out',
    path('server.pem'),
    '-days',
    '2',
    '-extfile',
    path('server.ext'),
  );
  const certificate = new X509Certificate(readFileSync(path('server.pem')));
  const spkiDer = certificate.publicKey.export({ type: 'spki', format: 'der' });
  return {
    caPath: path('ca.pem'),
    certPath: path('server.pem'),
    keyPath: path('server.key'),
    spki: createHash('sha256').update(spkiDer).digest('base64'),
  };
}

/** A port free on 127.0.0.1 right now (nginx is given it; the server's own listener takes port 0). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The ```nginx block of docs/team-server.md ("nginx in front"): the page a team copies. */
export function documentedNginxConfig(): string {
  const page = readFileSync(join(REPO_ROOT, 'docs/team-server.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(page)?.[1];
  if (block === undefined) throw new Error('docs/team-server.md shows no nginx configuration.');
  return block;
}

export interface RunningNginx {
  port: number;
  /** nginx's error log so far (for a failing assertion's message). */
  errors(): string;
  /** Stops this nginx (its own pid, SIGQUIT: finish what is in flight) and waits for it. */
  close(): Promise<void>;
}

/**
 * Debian's nginx as this test's own process: its own prefix and configuration in `dir`, the
 * documented server block with the test's port, name, certificate and upstream, in the foreground
 * (`daemon off`) so its pid is the child's.
 */
export async function startNginx(options: {
  dir: string;
  port: number;
  upstreamPort: number;
  certificates: TestCertificates;
}): Promise<RunningNginx> {
  const { dir, port, upstreamPort, certificates } = options;
  if (!existsSync(NGINX_PATH)) {
    throw new Error(
      `nginx is not installed at ${NGINX_PATH}. Install it with: apt-get install -y nginx-light`,
    );
  }
  chmodSync(dir, 0o755);
  for (const folder of ['logs', 'temp']) mkdirSync(join(dir, folder), { recursive: true });
  const server = documentedNginxConfig()
    .replace('server 127.0.0.1:8787;', `server 127.0.0.1:${upstreamPort};`)
    .replace('listen 443 ssl;', `listen 127.0.0.1:${port} ssl;`)
    .replace('server_name socialpub.example.com;', 'server_name localhost;')
    .replace('/etc/ssl/socialpub/fullchain.pem', certificates.certPath)
    .replace('/etc/ssl/socialpub/privkey.pem', certificates.keyPath);
  const temp = join(dir, 'temp');
  const config = `daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'logs', 'error.log')} warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
${server}
}
`;
  const configPath = join(dir, 'nginx.conf');
  writeFileSync(configPath, config);
  const child: ChildProcess = spawn(NGINX_PATH, ['-p', `${dir}/`, '-c', configPath], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errors = () => {
    const log = join(dir, 'logs', 'error.log');
    return `${stderr}${existsSync(log) ? readFileSync(log, 'utf8') : ''}`;
  };
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx stopped at start: ${errors()}`);
    if (await accepts(port)) break;
    if (attempt > 300) throw new Error(`nginx did not listen on ${port}: ${errors()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    errors,
    async close() {
      if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGQUIT');
      // A graceful stop waits for connections in flight; past 10 s this nginx is stopped at once.
      const timer = setTimeout(() => child.exitCode === null && child.kill('SIGTERM'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });
}
