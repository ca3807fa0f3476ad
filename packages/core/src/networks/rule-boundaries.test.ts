import { beforeAll, describe, expect, it } from 'vitest';
import { MEGABYTE } from '../limits/byte-units.js';
import type { Platform } from '../platforms.js';
import { checkNetworkRules, type HistoryFacts, type PostForRules } from './check-network-rules.js';
import type { RulesMediaFile } from './media-measures.js';
import { NETWORKS } from './networks.js';
import { loadXTextCounting } from './x-text.js';

beforeAll(async () => {
  await loadXTextCounting();
});

/** A post at a rule's limit and one just over it; `facts` for what the server knows beside the post. */
interface Boundary {
  at: Partial<PostForRules>;
  over: Partial<PostForRules>;
  facts?: HistoryFacts;
}

const image = (extra: Partial<RulesMediaFile> = {}): RulesMediaFile => ({
  kind: 'image',
  size: 1_000,
  type: 'image/jpeg',
  ...extra,
});
const video = (extra: Partial<RulesMediaFile> = {}): RulesMediaFile => ({
  kind: 'video',
  size: 1_000,
  type: 'video/mp4',
  ...extra,
});
const times = <T>(count: number, make: (i: number) => T): T[] =>
  Array.from({ length: count }, (_, i) => make(i));
const a = (count: number) => 'a'.repeat(count);
const tags = (count: number, mark: string) => times(count, (i) => `${mark}t${i}`).join(' ');
const links = (count: number) => times(count, (i) => `https://example.com/${i}`).join(' ');
const seconds = (s: number) => [video({ durationSeconds: s })];
const sized = (w: number, h: number, kind: 'image' | 'video' = 'video') =>
  kind === 'image' ? [image({ width: w, height: h })] : [video({ width: w, height: h })];

/** Every rule with a count, at its limit and one over (for a minimum: at it and one under). */
const BOUNDARIES: Record<string, Boundary> = {
  'x.text.length': { at: { text: a(280) }, over: { text: a(281) } },
  'x.text.invalid_characters': { at: { text: 'fine' }, over: { text: 'fine\uFEFF' } },
  'x.media.images': { at: { media: times(4, () => image()) }, over: { media: times(5, () => image()) } },
  'x.media.video_alone': { at: { media: [video()] }, over: { media: [video(), image()] } },
  'x.video.bytes': {
    at: { media: [video({ size: 512 * MEGABYTE })] },
    over: { media: [video({ size: 512 * MEGABYTE + 1 })] },
  },
  'x.video.seconds': { at: { media: seconds(140) }, over: { media: seconds(141) } },
  'x.video.aspect': { at: { media: sized(1920, 640) }, over: { media: sized(1923, 640) } },
  'linkedin.text.length': { at: { text: '😀'.repeat(3_000) }, over: { text: a(3_001) } },
  'linkedin.media.images': {
    at: { media: times(20, () => image()) },
    over: { media: times(21, () => image()) },
  },
  'linkedin.video.seconds': { at: { media: seconds(1_800) }, over: { media: seconds(1_801) } },
  'facebook.image.bytes': {
    at: { media: [image({ size: 10 * MEGABYTE })] },
    over: { media: [image({ size: 10 * MEGABYTE + 1 })] },
  },
  'facebook.reel.seconds': {
    at: { postType: 'reel', media: seconds(90) },
    over: { postType: 'reel', media: seconds(91) },
  },
  'facebook.reel.aspect': {
    at: { postType: 'reel', media: sized(1080, 1920) },
    over: { postType: 'reel', media: sized(1080, 1900) },
  },
  'instagram.text.length': { at: { text: a(2_200) }, over: { text: a(2_201) } },
  'instagram.text.hashtags': { at: { text: tags(30, '#') }, over: { text: tags(31, '#') } },
  'instagram.text.mentions': {
    at: { text: `${tags(20, '@')} me@example.com` },
    over: { text: tags(21, '@') },
  },
  'instagram.carousel.items': {
    at: { postType: 'carousel', media: times(10, () => image()) },
    over: { postType: 'carousel', media: times(11, () => image()) },
  },
  'instagram.image.format': {
    at: { postType: 'image', media: [image()] },
    over: { postType: 'image', media: [image({ type: 'image/png' })] },
  },
  'instagram.image.aspect': {
    at: { postType: 'image', media: sized(1080, 1350, 'image') },
    over: { postType: 'image', media: sized(1080, 1351, 'image') },
  },
  'instagram.reel.seconds': {
    at: { postType: 'reel', media: seconds(900) },
    over: { postType: 'reel', media: seconds(901) },
  },
  'instagram.story.seconds': {
    at: { postType: 'story', media: seconds(60) },
    over: { postType: 'story', media: seconds(61) },
  },
  'threads.text.length': { at: { text: `${a(496)}👍` }, over: { text: `${a(497)}👍` } },
  'threads.text.links': { at: { text: `${links(5)} https://example.com/0` }, over: { text: links(6) } },
  'threads.video.seconds': { at: { media: seconds(300) }, over: { media: seconds(301) } },
  'tiktok.text.length': {
    at: { postType: 'video', text: '😀'.repeat(1_100) },
    over: { postType: 'video', text: a(2_201) },
  },
  'tiktok.title.length': {
    at: { postType: 'photo_slideshow', text: null, options: { title: a(90) } },
    over: { postType: 'photo_slideshow', text: null, options: { title: a(91) } },
  },
  'tiktok.description.length': {
    at: { postType: 'photo_slideshow', text: a(4_000) },
    over: { postType: 'photo_slideshow', text: a(4_001) },
  },
  'tiktok.photo.count': {
    at: { postType: 'photo_slideshow', media: times(35, () => image()) },
    over: { postType: 'photo_slideshow', media: times(36, () => image()) },
  },
  'tiktok.video.seconds': {
    at: { postType: 'video', media: seconds(600) },
    over: { postType: 'video', media: seconds(601) },
  },
  'tiktok.video.sides': {
    at: { postType: 'video', media: sized(360, 4_096) },
    over: { postType: 'video', media: sized(360, 4_097) },
  },
  'youtube.title.length': { at: { text: a(100) }, over: { text: a(101) } },
  'youtube.title.characters': { at: { text: 'a title' }, over: { text: 'a <title' } },
  'youtube.description.length': {
    at: { text: 'é'.repeat(2_500), options: { title: 't' } },
    over: { text: `${'é'.repeat(2_500)}a`, options: { title: 't' } },
  },
  'youtube.tags.length': {
    at: { options: { tags: [a(249), a(250)] } },
    over: { options: { tags: [a(250), a(250)] } },
  },
  'pinterest.title.length': { at: { options: { title: a(100) } }, over: { options: { title: a(101) } } },
  'pinterest.description.length': { at: { text: a(800) }, over: { text: a(801) } },
  'pinterest.alt_text.length': {
    at: { options: { altText: a(500) } },
    over: { options: { altText: a(501) } },
  },
  'pinterest.link.length': {
    at: { options: { link: `https://e.com/${a(2_034)}` } },
    over: { options: { link: `https://e.com/${a(2_035)}` } },
  },
  'pinterest.media.images': {
    at: { media: times(5, () => image()) },
    over: { media: times(6, () => image()) },
  },
};

const post = (given: Partial<PostForRules>): PostForRules => ({ text: null, media: [], ...given });

const cases = Object.entries(BOUNDARIES).map(([id, boundary]) => {
  const platform = id.split('.')[0] as Platform;
  const rule = NETWORKS[platform].refuses.find((r) => r.id === id);
  if (rule === undefined) throw new Error(`no rule ${id}`);
  return { id, platform, rule, boundary };
});

describe('every rule at its boundary', () => {
  it('covers every rule the sandbox counts or refuses (history rules have their own tests)', () => {
    for (const platform of Object.keys(NETWORKS) as Platform[]) {
      for (const rule of NETWORKS[platform].refuses) {
        if (
          rule.field === 'history' ||
          rule.applied === 'not_simulated' ||
          (rule.max === null && rule.unit !== 'images')
        )
          continue;
        if (rule.applied === 'service' && !['title', 'description', 'tags'].includes(rule.field)) continue;
        expect(BOUNDARIES[rule.id], rule.id).toBeDefined();
      }
    }
  });

  it.each(cases)('$id', ({ platform, rule, boundary }) => {
    const at = checkNetworkRules(platform, post(boundary.at), boundary.facts);
    const over = checkNetworkRules(platform, post(boundary.over), boundary.facts);
    const counted = over.counts.find((count) => count.rule === rule.id);
    if (counted !== undefined) {
      // A text count: at the limit it is ok, one over it is not.
      expect(at.counts.find((count) => count.rule === rule.id)).toMatchObject({ count: rule.max, ok: true });
      expect(counted).toMatchObject({ count: (rule.max ?? 0) + 1, ok: false });
    }
    expect(at.refusal).toBeNull();
    if (rule.applied === 'network') {
      expect(over.refusal).toMatchObject({
        rule: rule.id,
        status: rule.answer.status,
        code: rule.answer.code,
      });
      expect(over.refusal?.message.startsWith(rule.words)).toBe(true);
    } else {
      // The service answers first (shortens, 400, 413): the simulated network does not refuse it.
      expect(over.refusal).toBeNull();
    }
  });
});

describe('minimums and the creator’s own maximum', () => {
  it.each([
    ['x', 'x.video.seconds', seconds(0.5), seconds(0.4)],
    ['x', 'x.video.aspect', sized(640, 1920), sized(640, 1925)],
    ['linkedin', 'linkedin.video.seconds', seconds(3), seconds(2.9)],
    ['instagram', 'instagram.image.aspect', sized(1910, 1000, 'image'), sized(1911, 1000, 'image')],
    ['instagram', 'instagram.reel.seconds', seconds(3), seconds(2.9)],
    ['tiktok', 'tiktok.video.sides', sized(360, 640), sized(359, 640)],
  ] as const)('%s %s', (platform, id, atMedia, overMedia) => {
    const postType = id.includes('image') ? 'image' : id.includes('reel') ? 'reel' : undefined;
    expect(checkNetworkRules(platform, post({ postType, media: atMedia })).refusal).toBeNull();
    expect(checkNetworkRules(platform, post({ postType, media: overMedia })).refusal?.rule).toBe(id);
  });

  it("takes the TikTok creator's maximum duration when it is shorter", () => {
    const facts = { maxVideoSeconds: 180 };
    expect(
      checkNetworkRules('tiktok', post({ postType: 'video', media: seconds(180) }), facts).refusal,
    ).toBeNull();
    const over = checkNetworkRules('tiktok', post({ postType: 'video', media: seconds(181) }), facts).refusal;
    expect(over?.message).toContain('181 seconds, at most 180');
  });

  it('leaves what the server did not read alone (no duration, no dimensions)', () => {
    expect(checkNetworkRules('x', post({ media: [video({ size: 5_000 })] })).refusal).toBeNull();
  });
});
