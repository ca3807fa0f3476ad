import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { EXIT_STATUS_HELP } from '@socialpub/cli';
import { POST_ALLOWANCE, parseScheduledFor, UPLOADER_EXIT_CODES } from '@socialpub/core';
import { describe, expect, it } from 'vitest';

// A fresh clone has only itself: the README and the docs may link only to files in the repository,
// and every such link must lead to a file that exists.

const ROOT = resolve(import.meta.dirname, '..');
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((name) => join('docs', name))].filter(
  (page) => page.endsWith('.md'),
);

function links(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] as string);
}

describe.each(PAGES)('%s', (page) => {
  const text = readFileSync(join(ROOT, page), 'utf8');

  it('links only to files inside the repository, and each exists', () => {
    for (const target of links(text)) {
      if (/^(https?:|mailto:|#)/.test(target)) continue;
      const file = resolve(ROOT, dirname(page), target.split('#')[0] as string);
      expect(relative(ROOT, file).startsWith('..'), `${target} leaves the repository`).toBe(false);
      expect(existsSync(file), `${target} does not exist`).toBe(true);
    }
  });

  it('names no path outside the repository', () => {
    expect(text).not.toMatch(/\.\.\/shared\//);
    expect(text).not.toMatch(/`\.\.\/[^`]*`/);
  });
});

it('the README points a newcomer at the guide and the reference server page', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  expect(links(readme)).toEqual(expect.arrayContaining(['docs/api-guide.md', 'docs/reference-server.md']));
});

describe('docs/api-guide.md', () => {
  const guide = readFileSync(join(ROOT, 'docs/api-guide.md'), 'utf8');

  it('gives every uploader exit code with its state, from core’s table', () => {
    for (const { code, state } of UPLOADER_EXIT_CODES)
      expect(guide).toMatch(new RegExp(`\\| ${code} \\| ${state} \\|`));
  });

  it.each(['Idempotency', 'Allowances', 'Throttles', 'Scheduling', 'Errors and when to send again'])(
    'has a section on %s',
    (title) => {
      expect(guide).toMatch(new RegExp(`^## ${title}`, 'm'));
    },
  );

  it('names for an all-numeric date the error.reason the parser answers (the API document’s word)', () => {
    const example = /An\s+all-numeric date such as `([^`]+)`[^.]*? is `([a-z_]+)`/.exec(guide);
    expect(example, 'the Scheduling section’s all-numeric example').not.toBeNull();
    const [, date = '', reason] = example ?? [];
    expect(parseScheduledFor(date, new Date('2026-01-01T00:00:00Z'))).toEqual({ ok: false, reason });
    // Every reason the guide names is one the parser can give.
    const named = /`error\.reason` `([a-z_]+)`, `([a-z_]+)` or `([a-z_]+)`/.exec(guide)?.slice(1) ?? [];
    expect(named.sort()).toEqual(['no_time_zone', 'too_far_ahead', 'unreadable']);
  });

  it('names each plan’s allowance as core’s limits give it', () => {
    expect(guide).toContain(`| Free | ${POST_ALLOWANCE.freeMonthly} posts per account per calendar month`);
    expect(guide).toContain(`| Beginner | ${POST_ALLOWANCE.beginnerDailyPerProfile} per profile per UTC day`);
    expect(guide).toContain(
      `| Apprentice | ${POST_ALLOWANCE.apprenticeDailyPerProfile} per profile per UTC day`,
    );
  });
});

describe('docs/cli.md', () => {
  it('gives the exit statuses exactly as `socialpub --help` prints them', () => {
    const page = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');
    // The help's last lines send `media upload` to the uploader's table, which the page gives apart.
    const statuses = EXIT_STATUS_HELP.split('\n  media upload')[0] ?? '';
    expect(statuses.split('\n').length).toBeGreaterThanOrEqual(9);
    expect(page).toContain(statuses);
  });
});
