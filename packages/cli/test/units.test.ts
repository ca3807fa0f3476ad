import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDir } from '../src/config/config-dir.js';
import { KEY_PLACEHOLDER, redactKey } from '../src/config/mask-key.js';
import { exitStatusForHttp } from '../src/output/exit-status.js';

describe('exit status per HTTP status', () => {
  it.each([
    [400, 2],
    [404, 2],
    [405, 2],
    [410, 2],
    [413, 2],
    [415, 2],
    [422, 2],
    [401, 3],
    [403, 3],
    [429, 4],
    [500, 5],
    [502, 5],
    [503, 5],
    [504, 5],
    [409, 6],
  ])('HTTP %i exits %i', (status, exit) => {
    expect(exitStatusForHttp(status)).toBe(exit);
  });
});

describe('config folder', () => {
  it.each([
    [{ SOCIALPUB_CONFIG_DIR: '/tmp/x', XDG_CONFIG_HOME: '/xdg' }, 'linux', '/tmp/x'],
    [{ XDG_CONFIG_HOME: '/xdg' }, 'linux', join('/xdg', 'socialpub')],
    [
      { APPDATA: 'C:\\Users\\me\\AppData\\Roaming' },
      'win32',
      join('C:\\Users\\me\\AppData\\Roaming', 'socialpub'),
    ],
  ] as const)('resolves %j on %s to %s', (env, platform, expected) => {
    expect(configDir(env, platform)).toBe(expected);
  });
});

describe('key masking', () => {
  it('replaces every occurrence of the key with a placeholder that keeps no part of it', () => {
    const key = 'sp_live_abcdefghijklmnopqrstuvwxyz';
    const redacted = redactKey(`bad key ${key} and ${key}`, key);
    expect(redacted).toBe(`bad key ${KEY_PLACEHOLDER} and ${KEY_PLACEHOLDER}`);
    expect(redacted).not.toContain('abcdef');
  });
});
