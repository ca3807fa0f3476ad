import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { SocialPub } from '@socialpub/sdk';
import { readStoredConfig } from '@socialpub/sdk/config';
import { createConnectorServer } from './create-connector-server.js';
import { SdkConnectorBackend } from './sdk-backend.js';

const USAGE = `socialpub-mcp: the socialpub connector for desktop AI apps, over stdio.

Usage: socialpub-mcp [--read-only]

  --read-only   offer only the reads and service_validate_post (nothing can be posted or changed)

Configured like the CLI: SOCIALPUB_API_KEY and SOCIALPUB_BASE_URL, else the file \`socialpub login\`
writes. Speaks MCP on stdin and stdout; messages go to stderr.
`;

async function main(argv: readonly string[]): Promise<number> {
  const known = new Set(['--read-only', '--help', '-h']);
  const unknown = argv.filter((arg) => !known.has(arg));
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (unknown.length > 0) {
    process.stderr.write(`socialpub-mcp: unknown option ${unknown.join(', ')}\n\n${USAGE}`);
    return 2;
  }
  const stored = await readStoredConfig();
  const env = (name: string) => (process.env[name]?.trim() ? process.env[name]?.trim() : undefined);
  const apiKey = env('SOCIALPUB_API_KEY') ?? stored.api_key;
  const baseURL = env('SOCIALPUB_BASE_URL') ?? stored.base_url;
  if (!apiKey) {
    process.stderr.write(
      'socialpub-mcp: no API key. Set SOCIALPUB_API_KEY in the AI app’s server configuration, or run `socialpub login` once.\n',
    );
    return 1;
  }
  const client = new SocialPub({ apiKey, ...(baseURL ? { baseURL } : {}) });
  const backend = new SdkConnectorBackend(client);
  const readOnly = argv.includes('--read-only');
  const handle = serveStdio(() => createConnectorServer({ backend, toolSet: 'signed-in', readOnly }), {
    onerror: (error) => process.stderr.write(`socialpub-mcp: ${error.message}\n`),
  });
  process.stderr.write(`socialpub-mcp: serving ${client.baseURL}${readOnly ? ' (read-only)' : ''}\n`);
  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await handle.close();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`socialpub-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
