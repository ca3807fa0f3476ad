import { describe, expect, it } from 'vitest';
import { parseConnectorScopes, scopeForTool, scopesAllowTool } from './connector-scopes.js';
import { CONNECTOR_CHANGE_TOOLS, CONNECTOR_READ_TOOLS, CONNECTOR_TOOLS } from './connector-tools.js';

describe('connector tools', () => {
  it('names exactly seventeen distinct tools', () => {
    expect(new Set(CONNECTOR_TOOLS).size).toBe(17);
  });

  it.each(CONNECTOR_CHANGE_TOOLS)('refuses change tool %s to a read-only grant', (tool) => {
    expect(scopesAllowTool(['socialpub:read'], tool)).toBe(false);
    expect(scopesAllowTool(['socialpub:post'], tool)).toBe(true);
    expect(scopeForTool(tool)).toBe('socialpub:post');
  });

  it.each([...CONNECTOR_READ_TOOLS, 'service_validate_post'])('allows %s to a read-only grant', (tool) => {
    expect(scopesAllowTool(['socialpub:read'], tool)).toBe(true);
    expect(scopesAllowTool(['socialpub:post'], tool)).toBe(true);
    expect(scopesAllowTool([], tool)).toBe(false);
  });

  it('keeps only known scopes when parsing', () => {
    expect(parseConnectorScopes('socialpub:read  admin socialpub:read')).toEqual(['socialpub:read']);
    expect(parseConnectorScopes(undefined)).toEqual([]);
  });
});
