import * as z from 'zod';

/** POST /media/uploads, uploader command: the JSON line's state names, in exit-code order. */
export const UPLOADER_STATES = [
  'done',
  'failed',
  'refused',
  'partial',
  'token_rejected',
  'busy',
  'bad_command',
] as const;
export const UploaderStateSchema = z.enum(UPLOADER_STATES);
export type UploaderState = z.infer<typeof UploaderStateSchema>;

export type UploaderExitCode = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface UploaderExit {
  readonly code: UploaderExitCode;
  readonly state: UploaderState;
  /** What the caller does next, as the document's table says. */
  readonly action: string;
}

/** The exit-code table of the uploader command, word for word. */
export const UPLOADER_EXIT_CODES: readonly UploaderExit[] = [
  { code: 0, state: 'done', action: 'whole file stored; call complete' },
  {
    code: 1,
    state: 'failed',
    action:
      'gave up after retries or stopped before the uploader ran; run again once; stop when it says the uploader ' +
      'did not download correctly or could not be checked; when a runtime is missing, ask for the link again ' +
      'with the other runner or shell',
  },
  {
    code: 2,
    state: 'refused',
    action:
      'file missing, empty, changed or shorter (measure again, new link), or storage refused it (call complete once)',
  },
  { code: 3, state: 'partial', action: 'run time used up; run the same command again, it continues' },
  { code: 4, state: 'token_rejected', action: 'get a fresh token (POST .../token) and run the new command' },
  { code: 5, state: 'busy', action: 'another uploader is sending this file; wait' },
  { code: 6, state: 'bad_command', action: 'command not copied exactly; change only the path' },
];

export function exitCodeForState(state: UploaderState): UploaderExitCode {
  const entry = UPLOADER_EXIT_CODES.find((exit) => exit.state === state);
  if (entry === undefined) throw new RangeError(`unknown uploader state ${state}`);
  return entry.code;
}

/** The state of an exit code, or null for a code the uploader never uses (e.g. a killed process). */
export function stateForExitCode(code: number): UploaderState | null {
  return UPLOADER_EXIT_CODES.find((exit) => exit.code === code)?.state ?? null;
}

export function uploaderExit(code: number): UploaderExit | null {
  return UPLOADER_EXIT_CODES.find((exit) => exit.code === code) ?? null;
}
