import { describe, expect, it } from 'vitest';
import { decideXAddon, xAddonAllowance } from './x-addon.js';

describe('X add-on allowance', () => {
  it('allows 200 posts per billing month, 20 with links', () => {
    expect(xAddonAllowance).toMatchObject({ limit: 200, linkLimit: 20, window: 'billing_month' });
  });

  it.each([
    ['a post under both limits', { used: 199, linkUsed: 19, detectedLinks: ['a.com'] }, 'ok'],
    ['a post without links at 20 link posts', { used: 50, linkUsed: 20, detectedLinks: [] }, 'ok'],
    [
      'a post with a link at 20 link posts',
      { used: 50, linkUsed: 20, detectedLinks: ['a.com'] },
      'x_link_limit_reached',
    ],
    ['any post at 200', { used: 200, linkUsed: 0, detectedLinks: [] }, 'x_limit_reached'],
    [
      'a post with a link at 200 and 20',
      { used: 200, linkUsed: 20, detectedLinks: ['a.com'] },
      'x_limit_reached',
    ],
  ])('answers %s with %s', (_name, question, verdict) => {
    expect(decideXAddon(question).verdict).toBe(verdict);
  });

  it('names the detected links and both counts when the link limit is reached', () => {
    expect(decideXAddon({ used: 30, linkUsed: 21, detectedLinks: ['a.com', 'https://b.io'] })).toEqual({
      verdict: 'x_link_limit_reached',
      used: 30,
      limit: 200,
      linkUsed: 21,
      linkLimit: 20,
      detectedLinks: ['a.com', 'https://b.io'],
    });
  });
});
