import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '../platforms.js';
import { checkNetworkRules, HISTORY_WINDOW_SECONDS } from './check-network-rules.js';
import { MEDIA_MEASURES } from './media-measures.js';
import { NETWORKS } from './networks.js';
import type { RefusalRule } from './refusal-rules.js';
import { TEXT_RULE_IDS } from './text-fields.js';

const ALL_RULES: RefusalRule[] = PLATFORMS.flatMap((platform) => [...NETWORKS[platform].refuses]);

describe('the rule table', () => {
  it('names every rule once, under its own network', () => {
    const ids = ALL_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of ALL_RULES) expect(rule.id.startsWith(`${rule.platform}.`), rule.id).toBe(true);
  });

  it('gives every rule a source (doc or seen), a note of where, and words', () => {
    for (const rule of ALL_RULES) {
      expect(['doc', 'seen']).toContain(rule.source);
      expect(rule.sourceNote.length, rule.id).toBeGreaterThan(5);
      expect(rule.words.length, rule.id).toBeGreaterThan(5);
    }
  });

  it('answers each refusal with a code of the API document for its network', () => {
    for (const rule of ALL_RULES) {
      if (rule.platform === 'x') expect(rule.answer.code).toBe('x_rejected');
      if (rule.platform === 'linkedin') expect(rule.answer).toEqual({ status: 500, code: 'platform_error' });
      if (rule.platform === 'pinterest') expect(rule.answer.code).toBe('pinterest_rejected');
    }
  });

  it('has a way to check every rule the simulated network applies', () => {
    for (const rule of ALL_RULES.filter((r) => r.applied === 'network')) {
      const checked =
        TEXT_RULE_IDS.includes(rule.id) || MEDIA_MEASURES[rule.id] !== undefined || rule.field === 'history';
      expect(checked, rule.id).toBe(true);
    }
  });

  it('has every media measure answer nothing for a post without files (they are skipped then)', () => {
    for (const rule of ALL_RULES) {
      const measure = MEDIA_MEASURES[rule.id];
      if (measure === undefined) continue;
      expect(measure(rule, [], { maxVideoSeconds: 1 }), rule.id).toBeNull();
    }
  });

  it('still measures the files of a post that has some, and still counts a text-only post', () => {
    const images = Array.from({ length: 5 }, () => ({ kind: 'image' as const, size: 1, type: 'image/png' }));
    expect(checkNetworkRules('x', { text: 'hello', media: images.slice(0, 4) }).refusal).toBeNull();
    expect(checkNetworkRules('x', { text: 'hello', media: images }).refusal).toMatchObject({
      rule: 'x.media.images',
    });
    expect(checkNetworkRules('x', { text: 'a'.repeat(281), media: [] }).refusal).toMatchObject({
      rule: 'x.text.length',
    });
    expect(checkNetworkRules('x', { text: 'a'.repeat(280), media: [] }).refusal).toBeNull();
  });

  it('has no counting function without a row', () => {
    const ids = new Set(ALL_RULES.map((rule) => rule.id));
    for (const id of [...TEXT_RULE_IDS, ...Object.keys(MEDIA_MEASURES)]) expect(ids.has(id), id).toBe(true);
  });

  it('lists the networks of network-rules.md with their numbers', () => {
    const max = (id: string) => ALL_RULES.find((rule) => rule.id === id)?.max;
    expect(max('x.text.length')).toBe(280);
    expect(max('linkedin.text.length')).toBe(3_000);
    expect(max('instagram.text.length')).toBe(2_200);
    expect(max('instagram.text.hashtags')).toBe(30);
    expect(max('instagram.text.mentions')).toBe(20);
    expect(max('threads.text.length')).toBe(500);
    expect(max('threads.text.links')).toBe(5);
    expect(max('tiktok.text.length')).toBe(2_200);
    expect(max('tiktok.title.length')).toBe(90);
    expect(max('tiktok.description.length')).toBe(4_000);
    expect(max('youtube.title.length')).toBe(100);
    expect(max('youtube.description.length')).toBe(5_000);
    expect(max('youtube.tags.length')).toBe(500);
    expect(max('pinterest.title.length')).toBe(100);
    expect(max('pinterest.description.length')).toBe(800);
    expect(max('pinterest.alt_text.length')).toBe(500);
    expect(max('pinterest.link.length')).toBe(2_048);
    expect(NETWORKS.skool.refuses).toEqual([]);
  });
});

describe('history rules', () => {
  it('read one day of a profile’s posts at most (every window but LinkedIn’s fits in it)', () => {
    expect(HISTORY_WINDOW_SECONDS).toBe(86_400);
  });

  it('refuses an X duplicate with 403 and X’s words', () => {
    const check = checkNetworkRules(
      'x',
      { text: 'hello', media: [] },
      { duplicateOf: '1790000000000000001' },
    );
    expect(check.refusal).toMatchObject({ rule: 'x.duplicate', status: 403, code: 'x_rejected' });
    expect(check.refusal?.message).toMatch(
      /^You are not allowed to create a Tweet with duplicate content\. The same text went out before as 1790000000000000001\.$/,
    );
    expect(checkNetworkRules('x', { text: 'hello', media: [] }, { duplicateOf: null }).refusal).toBeNull();
  });

  it('refuses a LinkedIn duplicate as 500 platform_error naming the share', () => {
    const check = checkNetworkRules(
      'linkedin',
      { text: 'hello', media: [] },
      { duplicateOf: 'urn:li:share:7000000000000000001' },
    );
    expect(check.refusal).toEqual({
      rule: 'linkedin.duplicate',
      status: 500,
      code: 'platform_error',
      message: 'Content is a duplicate of urn:li:share:7000000000000000001.',
      derived: false,
    });
  });

  it('refuses a consecutive Facebook duplicate as a derived 400 with error 506', () => {
    const check = checkNetworkRules('facebook', { text: 'hello', media: [] }, { duplicateOf: '123_456' });
    expect(check.refusal).toMatchObject({
      rule: 'facebook.duplicate',
      status: 400,
      code: 'bad_request',
      derived: true,
    });
    expect(check.refusal?.message).toMatch(/^\(#506\) Duplicate posts cannot be published consecutively\./);
  });

  it.each([
    ['x', 'x.rate.posts', 100, 429],
    ['instagram', 'instagram.rate.posts', 100, 400],
    ['threads', 'threads.rate.posts', 250, 400],
  ] as const)('%s takes post %i of its window and refuses the next', (platform, rule, max, status) => {
    const post = { text: 'hello', media: [], postType: platform === 'instagram' ? 'image' : 'text' };
    const media = platform === 'instagram' ? [{ kind: 'image' as const, size: 1, type: 'image/jpeg' }] : [];
    const at = checkNetworkRules(platform, { ...post, media }, { postsInWindow: { [rule]: max - 1 } });
    expect(at.refusal).toBeNull();
    const over = checkNetworkRules(platform, { ...post, media }, { postsInWindow: { [rule]: max } });
    expect(over.refusal).toMatchObject({ rule, status });
  });
});
