import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now, for a server that cannot listen on port 0 and tell us. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
