import {
  isApiError,
  LIMITS,
  PLATFORMS,
  PostListQuerySchema,
  type PostOrScheduled,
  type PostRecord,
} from '@socialpub/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { listPosts } from '../../domain/posts/list-posts.js';
import { postContent } from '../../domain/posts/post-content.js';
import { readPost } from '../../domain/posts/read-post.js';
import type { Services } from '../../services.js';
import { type FieldErrors, SelectField, TextField } from '../components/form-fields.js';
import { formatTime } from '../components/format.js';
import { PostDetail } from '../components/post-detail.js';
import { PostSummary } from '../components/post-summary.js';
import { groupRows } from '../components/row-groups.js';
import { Time } from '../components/time.js';
import { type DashboardEnv, renderPage, requireSignIn, signedIn } from '../session/index.js';

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...['success', 'failed', 'processing', 'timeout'].map((status) => ({ value: status, label: status })),
];
const NETWORK_OPTIONS = [
  { value: '', label: 'Any network' },
  ...PLATFORMS.map((p) => ({ value: p, label: p })),
];

/** A post's figures in one short line each; a figure not reported is left out (the detail names them). */
function FigureSummary(props: { post: PostRecord }) {
  const figures = props.post.figures;
  if (!figures) return null;
  const reported = Object.entries(figures.metrics).filter(([, value]) => value !== null);
  return (
    <p class="figure-line">
      {reported.length === 0
        ? 'No figures reported'
        : reported.map(([name, value]) => `${name.replaceAll('_', ' ')} ${value}`).join(' · ')}{' '}
      <span class="muted">
        (collected <Time at={figures.polled_at} />)
      </span>
    </p>
  );
}

/** One network of a row: its status, where it is on the network (or why not), and its figures. */
function Member(props: { post: PostRecord }) {
  const { post } = props;
  const tone = post.status === 'success' ? 'good' : post.status === 'failed' ? 'bad' : 'wait';
  return (
    <li>
      <a href={`/dashboard/history/${post.id}`} class="network-name">
        {post.platform}
      </a>{' '}
      <span class={`badge ${tone}`}>{post.status}</span>{' '}
      {post.permalink ? (
        <a href={post.permalink} aria-label={`Permalink of the ${post.platform} post`}>
          Permalink
        </a>
      ) : null}
      {post.error_message ? <div class="field-error">{post.error_message}</div> : null}
      <FigureSummary post={post} />
    </li>
  );
}

function Filters(props: {
  c: Context<DashboardEnv>;
  profiles: { id: string; name: string }[];
  errors: FieldErrors;
}) {
  const q = (name: string) => props.c.req.query(name) ?? '';
  return (
    <form method="get" action="/dashboard/history" class="card">
      <h2>Filter</h2>
      <div class="grid">
        <SelectField
          name="platform"
          label="Network"
          options={NETWORK_OPTIONS}
          value={q('platform')}
          error={props.errors.platform}
        />
        <SelectField
          name="status"
          label="Status"
          options={STATUS_OPTIONS}
          value={q('status')}
          error={props.errors.status}
        />
        <SelectField
          name="profile_id"
          label="Profile"
          options={[
            { value: '', label: 'Any profile' },
            ...props.profiles.map((p) => ({ value: p.id, label: p.name })),
          ]}
          value={q('profile_id')}
          error={props.errors.profile_id}
        />
        <TextField
          name="q"
          label="Text contains"
          type="search"
          value={q('q')}
          error={props.errors.q}
          hint="Searches what the networks received."
        />
      </div>
      <button type="submit">Show posts</button>
    </form>
  );
}

/**
 * GET /dashboard/history: post records through GET /posts's own listing (filters validated by
 * core's schema and the listing's own checks, errors beside the filter), 50 a page, with each
 * post's text, profile and files and a search of what the networks received; and
 * GET /dashboard/history/{id}: one post as GET /posts/{id} reads it (figures with when collected).
 */
export function historyPage(services: Services): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.use('/history', requireSignIn());
  page.use('/history/*', requireSignIn());

  page.get('/history', (c) => {
    const { account } = signedIn(c);
    const profiles = services.repos.profiles.listForAccount(account.id, 10_000);
    const raw: Record<string, string> = {};
    for (const name of ['platform', 'status', 'profile_id', 'cursor', 'q']) {
      const value = c.req.query(name);
      if (value) raw[name] = value;
    }
    let errors: FieldErrors = {};
    let posts: PostRecord[] = [];
    let nextCursor: string | null = null;
    const { q: textContains, ...listQuery } = raw;
    const parsed = PostListQuerySchema.safeParse({ ...listQuery, limit: String(LIMITS.pages.dashboardRows) });
    if (textContains !== undefined && textContains.length > LIMITS.pages.textSearchMaxLength) {
      errors = { q: `Search for at most ${LIMITS.pages.textSearchMaxLength} characters.` };
    } else if (!parsed.success) {
      errors = {
        [String(parsed.error.issues[0]?.path[0] ?? 'status')]: parsed.error.issues[0]?.message ?? 'Invalid.',
      };
    } else {
      try {
        const listed = listPosts(services, account.id, { ...parsed.data, kind: 'post', textContains });
        posts = listed.data.filter((post): post is PostRecord => post.kind === 'post');
        nextCursor = listed.next_cursor;
      } catch (error) {
        if (!isApiError(error) || error.status !== 400) throw error;
        const parameter = (error.extra as { parameter?: string } | undefined)?.parameter ?? 'status';
        errors = { [parameter]: error.message };
      }
    }
    // Single reads carry the figures; the list is short (one page), so each is read as GET /posts/{id} does.
    const detailed = posts.map((post) => readPost(services, account.id, post.id) as PostRecord);
    const groups = services.repos.composerGroups.groupsOf(
      account.id,
      detailed.flatMap((post) => [post.id, ...(post.scheduled_post_id ? [post.scheduled_post_id] : [])]),
    );
    const rows = groupRows(
      detailed,
      (post) =>
        groups.get(post.id) ?? (post.scheduled_post_id ? groups.get(post.scheduled_post_id) : undefined),
    );
    const nextQuery = new URLSearchParams({ ...raw, cursor: nextCursor ?? '' });
    const { cursor: _cursor, ...firstPageQuery } = raw;
    return renderPage(
      c,
      { title: 'History', status: Object.keys(errors).length > 0 ? 400 : 200 },
      <>
        <Filters c={c} profiles={profiles} errors={errors} />
        <section aria-labelledby="posts-heading">
          <h2 id="posts-heading">Posts ({rows.length})</h2>
          {detailed.length === 0 ? (
            <p>No posts match.</p>
          ) : (
            <section class="table-wrap" aria-label="Posts" tabindex={0}>
              <table class="stack history">
                <thead>
                  <tr>
                    <th scope="col">Sent</th>
                    <th scope="col">Post</th>
                    <th scope="col">Profile</th>
                    <th scope="col">Networks, status and figures</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => {
                    const [first] = row.items;
                    if (!first) return null;
                    const content = postContent(services, account.id, first);
                    const sent = formatTime(first.at, c.var.timeZone);
                    return (
                      <tr data-group={row.items.length > 1 ? row.key : undefined}>
                        <td data-label="Sent">
                          <a
                            href={`/dashboard/history/${first.id}`}
                            aria-label={`Details of the ${first.platform} post sent ${sent}`}
                          >
                            <Time at={first.at} />
                          </a>
                        </td>
                        <td data-label="Post">
                          <PostSummary content={content} />
                        </td>
                        <td data-label="Profile">{content.profileName ?? first.profile_id}</td>
                        <td data-label="Networks">
                          <ul class="members">
                            {[...row.items]
                              .sort((a, b) => a.platform.localeCompare(b.platform))
                              .map((post) => (
                                <Member post={post} />
                              ))}
                          </ul>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
          )}
          <p class="pager">
            {raw['cursor'] ? (
              <a href={`/dashboard/history?${new URLSearchParams(firstPageQuery).toString()}`}>
                Newest posts
              </a>
            ) : null}
            {nextCursor ? <a href={`/dashboard/history?${nextQuery.toString()}`}>Older posts</a> : null}
          </p>
        </section>
      </>,
    );
  });

  page.get('/history/:id', (c) => {
    const accountId = signedIn(c).account.id;
    const record: PostOrScheduled = readPost(services, accountId, c.req.param('id'));
    return renderPage(
      c,
      { title: record.kind === 'post' ? `${record.platform} post` : 'Scheduled post' },
      <PostDetail record={record} content={postContent(services, accountId, record)} />,
    );
  });

  return page;
}
