import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { NETWORKS, networkRulesPage, PLATFORMS } from '@socialpub/core';
import { describe, expect, it } from 'vitest';

// docs/network-rules.md is written from core's rule table (`npm run docs:network-rules`): the page
// and the table must say the same, rule for rule.

const ROOT = resolve(import.meta.dirname, '..');
const page = readFileSync(join(ROOT, 'docs/network-rules.md'), 'utf8');

describe('docs/network-rules.md, What each network refuses', () => {
  it('is the page the rule table writes (run npm run docs:network-rules after changing the table)', () => {
    expect(page).toBe(networkRulesPage());
  });

  it('lists every rule of every network with its source and the network’s words', () => {
    for (const platform of PLATFORMS) {
      for (const rule of NETWORKS[platform].refuses) {
        const line = page
          .split('\n')
          .find((l) => l.startsWith(`| ${rule.what.replaceAll('|', '\\|')} |`) && l.includes(rule.words));
        expect(line, rule.id).toBeDefined();
        expect(line).toContain(`**${rule.source}**: ${rule.sourceNote}`);
      }
    }
  });

  it('is linked from the README’s list of docs', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(
      '[docs/network-rules.md](docs/network-rules.md)',
    );
  });
});
