import type { UploaderState } from '@socialpub/core';

/** The one JSON line `media upload` ends with (the uploader scripts' final line). */
export interface UploadLine {
  state: UploaderState;
  exit_code: number;
  file_id?: string | undefined;
  file_name?: string | undefined;
  size?: number | undefined;
  sha256?: string | undefined;
  /** Bytes this run sent. */
  bytes_sent: number;
  /** Bytes the storage holds at the end of this run. */
  bytes_stored?: number | undefined;
  status?: string | undefined;
  message: string;
  error?: { code: string; message: string } | undefined;
}

/** Type-only import of core above: this module stays light so usage errors answer without the SDK. */
export function writeUploadLine(line: UploadLine): void {
  const clean = Object.fromEntries(Object.entries(line).filter(([, value]) => value !== undefined));
  process.stdout.write(`${JSON.stringify(clean)}\n`);
}

export function badCommandLine(message: string): UploadLine {
  return { state: 'bad_command', exit_code: 6, bytes_sent: 0, message };
}
