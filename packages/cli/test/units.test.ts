import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDir } from '../src/config/config-dir.js';
import { KEY_PLACEHOLDER, redactKey } from '../src/config/mask-key.js';
import { exitStatusForHttp } from '../src/output/exit-status.js';
import { sizeCell, sizeField } from '../src/output/sizes.js';
import { renderTable, shortText } from '../src/output/table.js';

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

  it.each([
    [403, 'account_not_found', 2],
    [404, 'account_not_found', 2],
    [403, 'plan_required', 3],
    [401, 'unauthorized', 3],
  ])('HTTP %i %s exits %i (a profile not on the account is input, not permission)', (status, code, exit) => {
    expect(exitStatusForHttp(status, code)).toBe(exit);
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

describe('tables', () => {
  const columns = [
    { header: 'ID', value: (row: { id: string; text?: string }) => row.id },
    {
      header: 'TEXT',
      value: (row: { id: string; text?: string }) => shortText(row.text, 12),
      optional: true,
    },
  ];

  it('shows an optional column when a row has a value for it, folded and shortened', () => {
    const table = renderTable(
      [{ id: 'a', text: 'Hello\n  from the CLI, a long line' }, { id: 'b' }],
      columns,
    );
    expect(table.split('\n')).toEqual(['ID  TEXT', 'a   Hello from…', 'b   -']);
  });

  it('leaves an optional column out when no row has one', () => {
    expect(renderTable([{ id: 'a' }, { id: 'b', text: '  ' }], columns)).toBe('ID\na\nb');
  });
});

describe('sizes for people', () => {
  it.each([
    [512, '512 bytes', '512 bytes'],
    [1_572_864, '1.5 MB', '1.5 MB (1,572,864 bytes)'],
    ['n/a', 'n/a', 'n/a'],
  ])('%s is %s in a table and %s in a field', (value, inCell, inField) => {
    expect(sizeCell(value)).toBe(inCell);
    expect(sizeField(value)).toBe(inField);
  });
});
