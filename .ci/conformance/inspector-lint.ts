import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The MCP Inspector's strict mode over a `tools/list`: its schema-portability lint (a list of
 * types, a schema that constrains nothing, a bare boolean schema, a remote `$ref`). Every finding
 * fails, warnings included. The Inspector keeps a catalog file; it gets a folder of its own.
 */
export async function inspectorFindings(
  node: string,
  cli: string,
  url: string,
  headers: string[] = [],
): Promise<string[]> {
  const home = mkdtempSync(join(tmpdir(), 'socialpub-inspector-'));
  const args = [cli, url, '--transport', 'http', '--method', 'tools/list', '--strict', '--format', 'json'];
  for (const header of headers) args.push('--header', header);
  const child = spawn(node, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOME: home, MCP_CATALOG_PATH: join(home, 'mcp.json') },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const timer = setTimeout(() => child.kill('SIGTERM'), 120_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  rmSync(home, { recursive: true, force: true });
  const line = stdout.trim().split('\n').pop() ?? '';
  let envelope: { result?: { tools?: unknown[] }; schemaFindings?: unknown[] };
  try {
    envelope = JSON.parse(line) as typeof envelope;
  } catch {
    return [`the Inspector answered no JSON (exit ${code}): ${stderr.trim() || stdout.trim()}`];
  }
  if (!Array.isArray(envelope.result?.tools) || envelope.result.tools.length === 0) {
    return [`the Inspector listed no tools (exit ${code}): ${stderr.trim()}`];
  }
  const findings = (envelope.schemaFindings ?? []).map((finding) => JSON.stringify(finding));
  return code === 0 ? findings : [...findings, `exit ${code}: ${stderr.trim()}`];
}
