import { describe, expect, it } from 'vitest';
import { TiktokPrivacyLevelSchema, YoutubePrivacyStatusSchema } from './privacy.js';

describe('privacy values', () => {
  it.each(['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'])(
    'accepts the tiktok privacy level %s',
    (value) => {
      expect(TiktokPrivacyLevelSchema.safeParse(value).success).toBe(true);
    },
  );
  it.each(['public', 'self_only', 'PRIVATE'])('refuses %s as a tiktok privacy level', (value) => {
    expect(TiktokPrivacyLevelSchema.safeParse(value).success).toBe(false);
  });
  it.each([
    ['public', true],
    ['unlisted', true],
    ['private', true],
    ['PUBLIC', false],
    ['SELF_ONLY', false],
  ])('youtube privacyStatus %s is valid: %s', (value, valid) => {
    expect(YoutubePrivacyStatusSchema.safeParse(value).success).toBe(valid);
  });
});
