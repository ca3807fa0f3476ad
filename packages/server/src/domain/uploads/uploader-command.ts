import { createHash } from 'node:crypto';
import {
  type UploaderBlock,
  type UploaderRunner,
  type UploaderShell,
  uploaderFileName,
} from '@socialpub/core';
import { uploaderAssets } from './uploader-assets.js';

/** The part of the command the caller replaces with the file's full path. */
export const UPLOADER_PATH_PLACEHOLDER = '<FULL_PATH_OF_FILE>';

export interface UploaderCommandInput {
  shell: UploaderShell;
  runner: UploaderRunner;
  maxRunSeconds: number;
  baseUrl: string;
  uploadUrl: string;
  token: string;
  sha256: string;
}

/**
 * Exit 6 bad_command ("command not copied exactly; change only the path"): the command carries the
 * first 16 hex characters of SHA-256 over its other arguments, which every uploader recomputes
 * before sending anything. It guards against copying mistakes, not against forgery (the token does).
 */
export function commandCheck(
  uploadUrl: string,
  token: string,
  sha256: string,
  maxRunSeconds: number,
): string {
  return createHash('sha256')
    .update(`${uploadUrl}\n${token}\n${sha256}\n${maxRunSeconds}`)
    .digest('hex')
    .slice(0, 16);
}

const FAILED_DOWNLOAD =
  '{"state":"failed","exit_code":1,"bytes_sent":0,"offset":0,"size":0,"message":"the uploader did not download correctly or could not be checked"}';

function shQuote(value: string): string {
  return `'${value.replaceAll("'", `'"'"'`)}'`;
}

/**
 * The token reaches the uploader in its environment, never as an argument: a process's arguments
 * are readable by every local user (`ps`), its environment only by the user running it (and root).
 * The uploader's third argument "-" says "from the environment"; it unsets the variable at once.
 */
export const UPLOAD_TOKEN_ENV = 'SOCIALPUB_UPLOAD_TOKEN';
const TOKEN_FROM_ENV = '-';

function psQuote(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** The uploader's last line when it never ran or ended outside its table (exit 1, `failed`). */
function failedLine(message: string): string {
  return `{"state":"failed","exit_code":1,"bytes_sent":0,"offset":0,"size":0,"message":"${message}"}`;
}

/** The document's advice for a missing runtime (exit 1): ask for the link again with the other runner or shell. */
export const MISSING_RUNTIME_ADVICE = 'ask for the link again with the other runner or shell';

/**
 * sh (POSIX: dash, busybox ash, bash, zsh). The command is ONE simple command: the token as an
 * environment assignment, then `/bin/sh -c '<script>' socialpub-uploader "<path>"`. A shell that runs
 * it as `sh -c` text (what an AI app's shell tool does) and execs its last command (bash, zsh) is
 * replaced by the script's shell at once, so no process keeps the token in its arguments, which
 * every local user reads with `ps`; the script's text holds no token, and the token reaches the
 * uploader in the environment, readable only by the user running it. Typed into a terminal it runs
 * as a child, as any command. (dash keeps its `-c` text while the child runs: docs/api-guide.md.)
 * The script checks its tools first (exit 1 with advice, not 127), runs the uploader only when its
 * SHA-256 matches, and maps any exit outside 0 to 6 to exit 1.
 */
function shCommand(
  input: UploaderCommandInput,
  downloadUrl: string,
  scriptSha: string,
  file: string,
): string {
  const runtime = input.runner === 'node' ? 'node' : 'sh';
  const args = [
    '"$1"',
    shQuote(input.uploadUrl),
    TOKEN_FROM_ENV,
    input.sha256,
    String(input.maxRunSeconds),
    commandCheck(input.uploadUrl, input.token, input.sha256, input.maxRunSeconds),
  ].join(' ');
  const missing = failedLine(`'"$c"' is not installed here: ${MISSING_RUNTIME_ADVICE}`);
  const stopped = failedLine(
    `the uploader stopped outside its exit codes ('"$s"'); run the same command again once`,
  );
  // Why the download failed, when curl knows: a certificate it does not trust, or a page instead of
  // the script (a proxy's 502 while the service restarts), each said as such.
  const untrusted = failedLine(
    `the certificate of the server is not trusted (curl exit '"$e"'): give curl your CA with CURL_CA_BUNDLE=/path/to/ca.pem (and Node with NODE_EXTRA_CA_CERTS for the node runner), then run the same command again`,
  );
  const notTheScript = failedLine(
    `the server answered HTTP '"$c"' instead of the uploader (a proxy in front of it while the service is down or restarting?); run the same command again in a moment`,
  );
  const script = [
    `for c in ${runtime} curl mktemp; do command -v "$c" >/dev/null 2>&1 || { echo '${missing}'; exit 1; }; done;`,
    'd="$(mktemp -d)" || exit 1;',
    `f="$d/${file}";`,
    `c="$(curl -sSL -o "$f" -w '%{http_code}' ${shQuote(downloadUrl)} 2>/dev/null)"; e=$?;`,
    `if [ "$e" = 0 ] && [ "$c" = 200 ] && h="$( (sha256sum "$f" || shasum -a 256 "$f") 2>/dev/null)" && [ "\${h%% *}" = ${scriptSha} ];`,
    `then ${runtime} "$f" ${args}; s=$?;`,
    `elif [ "$e" = 60 ] || [ "$e" = 77 ]; then echo '${untrusted}'; s=1;`,
    `elif [ "$e" = 0 ] && [ "$c" != 200 ]; then echo '${notTheScript}'; s=1;`,
    `else echo ${shQuote(FAILED_DOWNLOAD)}; s=1; fi;`,
    `case "$s" in [0-6]) ;; *) echo '${stopped}'; s=1 ;; esac;`,
    'rm -rf "$d"; exit $s',
  ].join(' ');
  return `${UPLOAD_TOKEN_ENV}=${shQuote(input.token)} /bin/sh -c ${shQuote(script)} socialpub-uploader "${UPLOADER_PATH_PLACEHOLDER}"`;
}

/** PowerShell 5.1 and 7: New-TemporaryFile, Invoke-WebRequest, Get-FileHash, the same checks. */
function powershellCommand(
  input: UploaderCommandInput,
  downloadUrl: string,
  scriptSha: string,
  file: string,
): string {
  const check = commandCheck(input.uploadUrl, input.token, input.sha256, input.maxRunSeconds);
  const args = `${psQuote(UPLOADER_PATH_PLACEHOLDER)} ${psQuote(input.uploadUrl)} ${psQuote(TOKEN_FROM_ENV)} ${input.sha256} ${input.maxRunSeconds} ${check}`;
  const run =
    input.runner === 'node'
      ? `& node $f ${args}`
      : `& (Get-Process -Id $PID).Path -NoProfile -ExecutionPolicy Bypass -File $f ${args}`;
  return [
    '& { $t = New-TemporaryFile; Remove-Item $t; $d = New-Item -ItemType Directory -Path $t.FullName;',
    `$f = Join-Path $d.FullName '${file}'; $s = 1; $env:${UPLOAD_TOKEN_ENV} = ${psQuote(input.token)};`,
    `try { Invoke-WebRequest -UseBasicParsing -Uri ${psQuote(downloadUrl)} -OutFile $f;`,
    `if ((Get-FileHash -Algorithm SHA256 -Path $f).Hash -eq '${scriptSha}') { ${run}; $s = $LASTEXITCODE }`,
    `else { Write-Output ${psQuote(FAILED_DOWNLOAD)} } }`,
    `catch { Write-Output ${psQuote(FAILED_DOWNLOAD)} }`,
    `finally { Remove-Item Env:${UPLOAD_TOKEN_ENV} -ErrorAction SilentlyContinue; Remove-Item -Recurse -Force $d.FullName }; exit $s }`,
  ].join(' ');
}

/** The `uploader` block of an upload link (present when `shell` was sent). */
export function uploaderBlock(input: UploaderCommandInput): UploaderBlock {
  const assets = uploaderAssets();
  const file = uploaderFileName(input.shell, input.runner);
  const asset = assets.files.get(file);
  if (!asset) throw new Error(`uploader ${file} missing`);
  const downloadUrl = `${input.baseUrl}/uploader/${assets.version}/${file}`;
  const command =
    input.shell === 'sh'
      ? shCommand(input, downloadUrl, asset.sha256, file)
      : powershellCommand(input, downloadUrl, asset.sha256, file);
  return {
    shell: input.shell,
    runner: input.runner,
    version: assets.version,
    download_url: downloadUrl,
    sha256: asset.sha256,
    max_run_seconds: input.maxRunSeconds,
    command,
  };
}
