import type { Command } from 'commander';
import { collectList, lazyAction } from './lazy-action.js';

/** The flags that make a post object; shared by `posts create` and `posts validate`. */
function addPostFlags(command: Command): Command {
  return command
    .option('--profile <profile>', 'profile UUID, @handle or name (post.accountId)')
    .option(
      '--platform <platform>',
      'tiktok, instagram, facebook, youtube, x, linkedin, pinterest, threads, skool',
    )
    .option('--text <text>', 'caption, title or text')
    .option('--media <file_id...>', 'file ids of ready library files (content.mediaID)')
    .option('--media-url <url...>', 'legacy: public media URLs (content.mediaUrls)')
    .option('--schedule <time>', 'ISO 8601 with zone, Unix seconds or milliseconds (post.scheduledFor)')
    .option('--tiktok-privacy <level>', 'tiktok.privacyLevel, e.g. SELF_ONLY')
    .option('--youtube-title <title>', 'youtube.title')
    .option('--youtube-privacy <status>', 'youtube.privacyStatus: public, unlisted or private')
    .option('--youtube-tags <tags>', 'youtube.tags, comma-separated (repeatable)', collectList)
    .option('--pinterest-board <id>', 'pinterest.boardId')
    .option('--skool-group <group>', 'skool.group')
    .option('--skool-title <title>', 'skool.title')
    .option('--skool-label <label>', 'skool.label (category)')
    .option('--instagram-post-type <type>', 'instagram.postType, e.g. reel')
    .option('--facebook-post-type <type>', 'facebook.postType, e.g. text')
    .option(
      '--file <path>',
      'JSON file with the post object or the whole body ({post: ...}); flags override it',
    )
    .option('--legacy', 'send to the older posts address');
}

export function addPostsCommands(program: Command): void {
  const posts = program.command('posts').description('Publish, schedule, validate, list and cancel posts');
  addPostFlags(posts.command('create'))
    .description('Publish at once, queue or schedule a post (POST /posts)')
    .option('--dry-run', 'run every check and send nothing')
    .option('--idempotency-key <key>', 'resend safely with the same key and body')
    .option('--wait', 'poll the post until done (with --json, prints the final post record)')
    .option('--wait-timeout <seconds>', 'give up waiting after this long (default 600)')
    .action(lazyAction(() => import('../commands/posts-create.js')));
  addPostFlags(posts.command('validate'))
    .description('Dry run: every publishing check, nothing sent, counted or recorded')
    .action(lazyAction(() => import('../commands/posts-validate.js')));
  posts
    .command('list')
    .description('Posts and scheduled posts, newest first (GET /posts)')
    .option('--status <list>', 'success, failed, processing, timeout, scheduled, cancelled (comma-separated)')
    .option('--platform <platform>', 'one network')
    .option('--kind <kind>', 'post or scheduled_post')
    .option('--profile <profile>', 'only this profile: UUID, @handle or name, as `posts create` takes it')
    .option('--profile-id <profile>', 'the same as --profile (kept for older scripts)')
    .option('--limit <n>', '1 to 100 per page')
    .option('--cursor <cursor>', 'next_cursor exactly as received')
    .option('--all', 'follow next_cursor through every page')
    .action(lazyAction(() => import('../commands/posts-list.js')));
  posts
    .command('get')
    .description('One post or scheduled post (GET /posts/{id})')
    .argument('<id>', 'post id or scheduled post id')
    .option('--wait', 'poll until done')
    .option('--wait-timeout <seconds>', 'give up waiting after this long (default 600)')
    .action(lazyAction(() => import('../commands/posts-get.js')));
  posts
    .command('cancel')
    .description('Cancel a scheduled post that has not gone out (DELETE /posts/{id})')
    .argument('<id>', 'scheduled post id')
    .option('--legacy', 'send to the older posts address')
    .action(lazyAction(() => import('../commands/posts-cancel.js')));
}
