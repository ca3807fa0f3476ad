import { join } from 'node:path';
import { configDir } from '@socialpub/sdk/config';

// Where the login file lives is decided once, in the SDK, for the CLI and `socialpub-mcp` alike.
export { configDir, configFilePath } from '@socialpub/sdk/config';

type Env = Readonly<Record<string, string | undefined>>;

/** Upload links of files being sent, so a second `media upload` run resumes the same link. */
export function uploadStatePath(env: Env = process.env): string {
  return join(configDir(env), 'uploads.json');
}
