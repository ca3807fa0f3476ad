import type { Platform } from '@socialpub/core';

/**
 * Realistic options of the demo connections ("Network options row"): tiktok privacy levels, two
 * pinterest boards, a skool group with labels, a facebook Page, youtube categories; x, linkedin and
 * threads have none.
 */
export const DEMO_OPTIONS: Readonly<Record<Platform, Record<string, unknown>>> = {
  tiktok: {
    privacy_level_options: [
      'PUBLIC_TO_EVERYONE',
      'MUTUAL_FOLLOW_FRIENDS',
      'FOLLOWER_OF_CREATOR',
      'SELF_ONLY',
    ],
    comment_disabled: false,
    duet_disabled: false,
    stitch_disabled: true,
    max_video_post_duration_sec: 600,
    creator_username: 'demobrand',
    creator_nickname: 'Demo Brand',
  },
  instagram: {
    publishing_limit: { used: 3, limit: 50, window_hours: 24 },
  },
  facebook: {
    page: { id: '104938271650392', name: 'Demo Brand', category: 'Brand' },
  },
  youtube: {
    categories: [
      { id: '22', title: 'People & Blogs' },
      { id: '24', title: 'Entertainment' },
      { id: '26', title: 'Howto & Style' },
      { id: '27', title: 'Education' },
      { id: '28', title: 'Science & Technology' },
    ],
    privacy_status_options: ['public', 'unlisted', 'private'],
    tags_max_length: 500,
  },
  x: {},
  linkedin: {},
  threads: {},
  pinterest: {
    boards: [
      { id: '1084256702345123456', name: 'Product Photos', privacy: 'PUBLIC', pin_count: 42 },
      { id: '1084256702345987654', name: 'Behind the Scenes', privacy: 'SECRET', pin_count: 7 },
    ],
  },
  skool: {
    groups: [
      {
        id: 'grp_8f3a2c',
        slug: 'demo-brand-community',
        name: 'Demo Brand Community',
        labels: [
          { id: 'lbl_general', name: 'General' },
          { id: 'lbl_announcements', name: 'Announcements' },
          { id: 'lbl_wins', name: 'Wins' },
        ],
      },
    ],
  },
};
