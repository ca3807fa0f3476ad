import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.js';
import { startServer } from '../../src/start-server.js';
import { ADMIN_TOKEN } from '../helpers/test-app.js';

describe('startServer', () => {
  it('listens on port 0, answers health, prints the addresses, and drops a connection on a drop fault', async () => {
    const lines: string[] = [];
    const running = await startServer(
      { memory: true, port: 0, clock: 'virtual', adminToken: ADMIN_TOKEN, seedDemo: true },
      (line) => lines.push(line),
    );
    try {
      expect(running.port).toBeGreaterThan(0);
      expect(await (await fetch(`${running.url}/health`)).json()).toEqual({ status: 'ok' });
      const printed = lines.join('\n');
      expect(printed).toContain(`${running.url}/api/v2`);
      expect(printed).toContain(running.socialpub.demo?.apiKey);
      const auth = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
      await fetch(`${running.url}/admin/v1/faults`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ answer: 'drop' }),
      });
      await expect(
        fetch(`${running.url}/api/v2/accounts`, {
          headers: { authorization: `Bearer ${running.socialpub.demo?.apiKey}` },
        }),
      ).rejects.toThrow();
    } finally {
      await running.close();
    }
  });
});

describe('parseConfig', () => {
  it('reads defaults, flags over env, and the environment variables', () => {
    const defaults = parseConfig([], {});
    // No host: both loopbacks (startServer listens on 127.0.0.1 and [::1]).
    expect(defaults.host).toBeUndefined();
    expect(parseConfig(['--host', '127.0.0.1'], {}).host).toBe('127.0.0.1');
    expect(parseConfig([], { SOCIALPUB_HOST: ' ::1 ' }).host).toBe('::1');
    expect(defaults).toMatchObject({
      port: 8787,
      dataDir: './.socialpub',
      memory: false,
      clock: 'system',
    });
    const config = parseConfig(['--port', '9000', '--memory'], {
      SOCIALPUB_PORT: '1234',
      SOCIALPUB_CLOCK: 'virtual',
      SOCIALPUB_CLOCK_START: '2026-01-01T00:00:00Z',
      SOCIALPUB_PUBLIC_URL: 'https://api.example.com/',
      SOCIALPUB_IMPORT_ALLOW: '127.0.0.1, 10.0.0.0/8',
    });
    expect(config).toMatchObject({
      port: 9000,
      memory: true,
      clock: 'virtual',
      publicUrl: 'https://api.example.com',
    });
    expect(config.clockStart?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(config.importAllow).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(defaults.passwordWorkFactor).toBeUndefined();
    expect(parseConfig([], { SOCIALPUB_PASSWORD_WORK_FACTOR: ' 11 ' }).passwordWorkFactor).toBe(11);
  });

  it.each(['9', '17', '12.5', 'fast'])(
    'refuses SOCIALPUB_PASSWORD_WORK_FACTOR=%s naming the range',
    (raw) => {
      expect(() => parseConfig([], { SOCIALPUB_PASSWORD_WORK_FACTOR: raw })).toThrow(
        `SOCIALPUB_PASSWORD_WORK_FACTOR must be a whole number from 10 to 16 (scrypt's N is 2 to that power; default 14). Got "${raw}".`,
      );
    },
  );

  it.each([
    [['--port', 'abc'], {}],
    [['--port', '70000'], {}],
    [['--bogus'], {}],
    [[], { SOCIALPUB_CLOCK: 'sundial' }],
    [[], { SOCIALPUB_CLOCK: 'virtual', SOCIALPUB_CLOCK_START: '2026-01-01T00:00:00' }],
    [[], { SOCIALPUB_PUBLIC_URL: 'ftp://x' }],
    [[], { SOCIALPUB_CLOCK_START: '2026-01-01T00:00:00Z' }],
  ])('refuses %j %j with a ConfigError', (argv, env) => {
    expect(() => parseConfig(argv, env)).toThrow(ConfigError);
  });
});

describe('openapi.yaml', () => {
  it('serves the OpenAPI document with the bound base URL and no key', async () => {
    const running = await startServer({ memory: true, port: 0, clock: 'virtual' }, () => {});
    try {
      const res = await fetch(`${running.url}/openapi.yaml`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(running.url);
    } finally {
      await running.close();
    }
  });
});
