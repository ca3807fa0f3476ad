import { describe, expect, it } from 'vitest';
import {
  exitCodeForState,
  stateForExitCode,
  UPLOADER_EXIT_CODES,
  UPLOADER_STATES,
  type UploaderState,
  uploaderExit,
} from './exit-codes.js';
import { UploaderRunnerSchema, UploaderShellSchema, uploaderFileName } from './uploader-options.js';

describe('uploader exit codes', () => {
  it.each<[number, UploaderState, string]>([
    [0, 'done', 'call complete'],
    [1, 'failed', 'run again once'],
    [2, 'refused', 'measure again, new link'],
    [3, 'partial', 'run the same command again'],
    [4, 'token_rejected', 'POST .../token'],
    [5, 'busy', 'wait'],
    [6, 'bad_command', 'change only the path'],
  ])('exit %s is %s and says %j', (code, state, action) => {
    expect(stateForExitCode(code)).toBe(state);
    expect(exitCodeForState(state)).toBe(code);
    expect(uploaderExit(code)?.action).toContain(action);
  });

  it.each([7, -1, 137, 1.5])('knows no state for exit %s', (code) => {
    expect(stateForExitCode(code)).toBeNull();
  });

  it('lists every state once, in exit-code order', () => {
    expect(UPLOADER_EXIT_CODES.map((exit) => exit.state)).toEqual([...UPLOADER_STATES]);
    expect(UPLOADER_EXIT_CODES.map((exit) => exit.code)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('uploader options', () => {
  it.each([
    ['powershell', true],
    ['sh', true],
    ['bash', false],
  ])('accepts shell %s: %s', (shell, valid) => {
    expect(UploaderShellSchema.safeParse(shell).success).toBe(valid);
  });

  it.each([
    ['native', true],
    ['node', true],
    ['deno', false],
  ])('accepts runner %s: %s', (runner, valid) => {
    expect(UploaderRunnerSchema.safeParse(runner).success).toBe(valid);
  });

  it.each([
    ['sh', 'native', 'uploader.sh'],
    ['powershell', 'native', 'uploader.ps1'],
    ['sh', 'node', 'uploader.mjs'],
    ['powershell', 'node', 'uploader.mjs'],
  ] as const)('downloads %s with the %s runner as %s', (shell, runner, file) => {
    expect(uploaderFileName(shell, runner)).toBe(file);
  });
});
