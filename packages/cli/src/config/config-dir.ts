import { homedir } from 'node:os';
import { join } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/**
 * The user's config folder for socialpub: `SOCIALPUB_CONFIG_DIR` (tests, sandboxes) as is, else
 * `%APPDATA%\socialpub` on Windows, else `$XDG_CONFIG_HOME/socialpub`, else `~/.config/socialpub`.
 */
export function configDir(env: Env = process.env, platform: NodeJS.Platform = process.platform): string {
  const override = nonEmpty(env['SOCIALPUB_CONFIG_DIR']);
  if (override !== undefined) return override;
  if (platform === 'win32') {
    const appData = nonEmpty(env['APPDATA']) ?? join(homedir(), 'AppData', 'Roaming');
    return join(appData, 'socialpub');
  }
  const xdg = nonEmpty(env['XDG_CONFIG_HOME']) ?? join(homedir(), '.config');
  return join(xdg, 'socialpub');
}

export function configFilePath(env: Env = process.env): string {
  return join(configDir(env), 'config.json');
}

/** Upload links of files being sent, so a second `media upload` run resumes the same link. */
export function uploadStatePath(env: Env = process.env): string {
  return join(configDir(env), 'uploads.json');
}
