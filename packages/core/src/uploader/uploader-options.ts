import * as z from 'zod';

/** Versioning: each uploader version lives under {base_url}/uploader/vN/; new links use v1. */
export const UPLOADER_VERSION = 'v1';

/** POST /media/uploads `shell`: adds the uploader block. */
export const UPLOADER_SHELLS = ['powershell', 'sh'] as const;
export const UploaderShellSchema = z.enum(UPLOADER_SHELLS);
export type UploaderShell = z.infer<typeof UploaderShellSchema>;

/** POST /media/uploads `runner`: `native` (default) or `node` (Node.js 18 or newer). */
export const UPLOADER_RUNNERS = ['native', 'node'] as const;
export const UploaderRunnerSchema = z.enum(UPLOADER_RUNNERS);
export type UploaderRunner = z.infer<typeof UploaderRunnerSchema>;

export const DEFAULT_UPLOADER_RUNNER: UploaderRunner = 'native';

/** Reference server: uploader.sh, uploader.ps1 and uploader.mjs under /uploader/v1/, plus SHA256SUMS. */
export const UPLOADER_FILE_NAMES = ['uploader.sh', 'uploader.ps1', 'uploader.mjs'] as const;
export type UploaderFileName = (typeof UPLOADER_FILE_NAMES)[number];

export const UPLOADER_CHECKSUMS_FILE_NAME = 'SHA256SUMS';

/** The file a shell and runner download: the node runner is one script for both shells. */
export function uploaderFileName(shell: UploaderShell, runner: UploaderRunner): UploaderFileName {
  if (runner === 'node') return 'uploader.mjs';
  return shell === 'powershell' ? 'uploader.ps1' : 'uploader.sh';
}
