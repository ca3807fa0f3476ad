import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/start-server.js';

// A default start (no host) listens on both loopbacks, so `localhost`, 127.0.0.1 and [::1] all reach
// it; a machine without [::1] (or with [::1] taken) starts anyway and says so in the banner.

/** Whether this machine can listen on [::1] at all (some containers have no IPv6 loopback). */
async function ipv6Loopback(): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen({ host: '::1', port: 0, ipv6Only: true }, () => probe.close(() => resolve(true)));
  });
}

let running: RunningServer;
const printed: string[] = [];
let hasIpv6: boolean;
beforeAll(async () => {
  hasIpv6 = await ipv6Loopback();
  running = await startServer({ memory: true, port: 0, clock: 'virtual', seedDemo: false }, (line) =>
    printed.push(line),
  );
});
afterAll(() => running.close());

describe('a start without a host', () => {
  it('answers on 127.0.0.1, [::1] and localhost at one port, each in its own name', async () => {
    const port = running.port;
    const names = hasIpv6 ? ['127.0.0.1', '[::1]', 'localhost'] : ['127.0.0.1', 'localhost'];
    for (const name of names) {
      const response = await fetch(`http://${name}:${port}/api/v2`);
      expect(response.status, name).toBe(200);
      const index = (await response.json()) as { documents: { openapi: string } };
      expect(index.documents.openapi).toBe(`http://${name}:${port}/openapi.yaml`);
    }
    const first = printed[0] ?? '';
    if (hasIpv6) {
      expect(first).toBe(
        `socialpub reference server listening on http://127.0.0.1:${port} and http://[::1]:${port}`,
      );
    } else {
      expect(printed[1]).toBe(
        `  (not on http://[::1]:${port}: this machine has no IPv6 loopback address; use http://127.0.0.1:${port})`,
      );
    }
  });

  it('stops listening on both at close', async () => {
    const other = await startServer(
      { memory: true, port: 0, clock: 'virtual', seedDemo: false },
      () => undefined,
    );
    const port = other.port;
    await other.close();
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    if (hasIpv6) await expect(fetch(`http://[::1]:${port}/health`)).rejects.toThrow();
  });

  it('starts on 127.0.0.1 alone and says why when [::1] at its port is taken', async () => {
    if (!hasIpv6) return;
    // Another program holds [::1] at the port the server will take: a port free on 127.0.0.1 found first.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen({ host: '::1', port: 0, ipv6Only: true }, resolve));
    const port = (holder.address() as { port: number }).port;
    const lines: string[] = [];
    try {
      const server = await startServer({ memory: true, port, clock: 'virtual', seedDemo: false }, (line) =>
        lines.push(line),
      );
      try {
        expect(lines[0]).toBe(`socialpub reference server listening on http://127.0.0.1:${port}`);
        expect(lines[1]).toBe(
          `  (not on http://[::1]:${port}: another program listens on [::1]:${port}; use http://127.0.0.1:${port})`,
        );
        expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
      } finally {
        await server.close();
      }
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });

  it('listens on the one address --host names', async () => {
    const lines: string[] = [];
    const one = await startServer(
      { memory: true, port: 0, host: '127.0.0.1', clock: 'virtual', seedDemo: false },
      (line) => lines.push(line),
    );
    try {
      expect(lines[0]).toBe(`socialpub reference server listening on http://127.0.0.1:${one.port}`);
      if (hasIpv6) await expect(fetch(`http://[::1]:${one.port}/health`)).rejects.toThrow();
    } finally {
      await one.close();
    }
  });
});
