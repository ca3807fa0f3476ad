import { describe, expect, it } from 'vitest';
import { normalizePostRequest } from './normalize-post-request.js';
import { PostRequestBodySchema } from './post-request.js';
import { findOptionsOutsidePost, readDryRun, readMediaField, unknownFields } from './post-request-readers.js';

const ID = '0b7c1f0e-4a3d-4c55-9a57-8d9e8f2b1c3a';

describe('readMediaField', () => {
  it.each([
    ['no media field', {}, { kind: 'absent' }],
    ['a list of ids', { mediaID: ['a', 'b'] }, { kind: 'list', ids: ['a', 'b'] }],
    ['the mediaIds alias', { mediaIds: ['a'] }, { kind: 'list', ids: ['a'] }],
    [
      'both fields, joined without duplicates',
      { mediaID: ['a'], mediaIds: ['a', 'b'] },
      { kind: 'list', ids: ['a', 'b'] },
    ],
    ['an empty list', { mediaID: [] }, { kind: 'empty' }],
    ['null', { mediaID: null }, { kind: 'empty' }],
    ['text instead of a list', { mediaID: ID }, { kind: 'not_a_list' }],
    ['a list with a number', { mediaIds: [1] }, { kind: 'not_a_list' }],
    ['one list and one text', { mediaID: ['a'], mediaIds: 'b' }, { kind: 'not_a_list' }],
  ])('reads %s', (_name, content, expected) => {
    expect(readMediaField(content)).toEqual(expected);
  });
});

describe('readDryRun', () => {
  it.each([
    ['absent', { post: {} }, false],
    ['true next to post', { post: {}, dryRun: true }, true],
    ['true inside post', { post: { dryRun: true } }, true],
    ['false', { post: { dryRun: false } }, false],
    ['the validate form', { validate: {} }, true],
    ['a string', { post: {}, dryRun: 'true' }, 'invalid'],
    ['a number inside post', { post: { dryRun: 1 } }, 'invalid'],
    ['null', { post: {}, dryRun: null }, 'invalid'],
    ['true and false in the two places', { post: { dryRun: false }, dryRun: true }, true],
  ])('reads %s', (_name, body, expected) => {
    expect(readDryRun(body)).toBe(expected);
  });
});

describe('fields outside the request', () => {
  it('finds option blocks placed beside post', () => {
    expect(findOptionsOutsidePost({ post: {}, tiktok: {}, target: {}, other: 1 })).toEqual([
      'tiktok',
      'target',
    ]);
  });

  it('names unknown fields at every level by path', () => {
    const body = {
      post: {
        accountId: ID,
        platform: 'tiktok',
        colour: 'red',
        content: { text: 'hi', hashtags: [] },
        tiktok: { privacyLevel: 'SELF_ONLY', privacyStatus: 'x' },
        youtube: { title: 't', mood: 'happy' },
      },
      extra: true,
      tiktok: {},
    };
    expect(unknownFields(body).sort()).toEqual(
      [
        'extra',
        'post.colour',
        'post.content.hashtags',
        'post.tiktok.privacyStatus',
        'post.youtube.mood',
      ].sort(),
    );
  });

  it('names them in order: top level, post, content, blocks by network, then the target form', () => {
    const body = {
      validate: {
        target: { targetType: 'tiktok', sound: 1 },
        youtube: { mood: 'happy' },
        tiktok: { privacyStatus: 'x' },
        content: { hashtags: [] },
        colour: 'red',
      },
      extra: true,
    };
    expect(unknownFields(body)).toEqual([
      'extra',
      'validate.colour',
      'validate.content.hashtags',
      'validate.tiktok.privacyStatus',
      'validate.youtube.mood',
      'validate.target.sound',
    ]);
  });

  it('reports no unknown fields for a body of known fields only', () => {
    const body = {
      post: { accountId: ID, platform: 'x', content: { text: 'hi' }, x: { madeWithAi: true } },
      dryRun: true,
    };
    expect(unknownFields(body)).toEqual([]);
  });
});

describe('normalizePostRequest', () => {
  it('merges mediaIds into the media list', () => {
    const normalized = normalizePostRequest({
      post: {
        accountId: ` ${ID} `,
        platform: 'instagram',
        content: { mediaIds: ['f1'] },
        instagram: { postType: 'reel' },
      },
    });
    expect(normalized).toMatchObject({
      via: 'post',
      accountId: ID,
      knownPlatform: 'instagram',
      media: { kind: 'list', ids: ['f1'] },
      options: { postType: 'reel' },
      optionsSource: 'block',
      postType: 'reel',
    });
  });

  it('turns the tiktok target form into options with privacy SELF_ONLY by default', () => {
    const normalized = normalizePostRequest({
      post: {
        accountId: ID,
        platform: 'tiktok',
        content: { mediaID: ['v'] },
        target: { targetType: 'tiktok', disabledDuet: true },
      },
    });
    expect(normalized.options).toEqual({ privacyLevel: 'SELF_ONLY', disabledDuet: true });
    expect(normalized.optionsSource).toBe('target');
    expect(normalized.otherBlocks).toEqual([]);
  });

  it('lets post.tiktok win over the target form field by field', () => {
    const normalized = normalizePostRequest({
      post: {
        accountId: ID,
        platform: 'tiktok',
        target: { targetType: 'tiktok', privacyLevel: 'PUBLIC_TO_EVERYONE', autoAddMusic: true },
        tiktok: { privacyLevel: 'FOLLOWER_OF_CREATOR' },
      },
    });
    expect(normalized.options).toEqual({ privacyLevel: 'FOLLOWER_OF_CREATOR', autoAddMusic: true });
    expect(normalized.optionsSource).toBe('both');
  });

  it('reports blocks of other networks and the target form on another network as not used', () => {
    const normalized = normalizePostRequest({
      post: { accountId: ID, platform: 'x', youtube: { title: 't' }, target: { targetType: 'tiktok' } },
    });
    expect(normalized.otherBlocks).toEqual(['youtube', 'target']);
    expect(normalized.options).toEqual({});
    expect(normalized.optionsSource).toBe('none');
  });

  it('reports what is missing without refusing', () => {
    const normalized = normalizePostRequest({ tiktok: { privacyLevel: 'SELF_ONLY' }, dryRun: 'yes' });
    expect(normalized).toMatchObject({
      via: null,
      accountId: undefined,
      platform: undefined,
      dryRun: 'invalid',
      media: { kind: 'absent' },
      optionsOutsidePost: ['tiktok'],
    });
  });

  it('keeps an unknown platform as sent and leaves knownPlatform empty', () => {
    const normalized = normalizePostRequest({
      validate: { accountId: '@demo', platform: 'mastodon', scheduledFor: 1767225600 },
    });
    expect(normalized).toMatchObject({
      via: 'validate',
      dryRun: true,
      platform: 'mastodon',
      scheduledFor: 1767225600,
    });
    expect(normalized.knownPlatform).toBeUndefined();
  });

  it('survives a body that is not an object', () => {
    expect(normalizePostRequest('text').via).toBeNull();
    expect(normalizePostRequest(null).unknownFields).toEqual([]);
  });
});

describe('PostRequestBodySchema', () => {
  it('parses a documented post with options and a schedule', () => {
    const body = {
      post: {
        accountId: '@demobrand',
        platform: 'youtube',
        content: { text: 'Launch', mediaID: [ID] },
        scheduledFor: '2026-12-01T10:00:00+01:00',
        youtube: { title: 'Launch', privacyStatus: 'unlisted', tags: ['a', 'b'] },
      },
    };
    expect(PostRequestBodySchema.safeParse(body).success).toBe(true);
  });

  it('keeps media fields loose so the server can answer media sent as text', () => {
    expect(
      PostRequestBodySchema.safeParse({ post: { accountId: 'a', platform: 'x', content: { mediaID: 'f' } } })
        .success,
    ).toBe(true);
  });

  it('refuses a tiktok privacy level that does not exist', () => {
    const body = { post: { accountId: 'a', platform: 'tiktok', tiktok: { privacyLevel: 'FRIENDS' } } };
    const parsed = PostRequestBodySchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['post', 'tiktok', 'privacyLevel']);
  });
});
