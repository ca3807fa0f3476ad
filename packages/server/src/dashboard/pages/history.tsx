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

function FigureSummary(props: { post: PostRecord }) {
  const figures = props.post.figures;
  if (!figures) return <span class="muted">—</span>;
  const reported = Object.entries(figures.metrics).filter(([, value]) => value !== null);
  return (
    <span>
      {reported.length === 0
        ? 'None reported'
        : reported.map(([name, value]) => `${name} ${value}`).join(', ')}
      <br />
      <span class="muted">
        collected <Time at={figures.polled_at} />
      </span>
    </span>
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
    const nextQuery = new URLSearchParams({ ...raw, cursor: nextCursor ?? '' });
    const { cursor: _cursor, ...firstPageQuery } = raw;
    return renderPage(
      c,
      { title: 'History', status: Object.keys(errors).length > 0 ? 400 : 200 },
      <>
        <Filters c={c} profiles={profiles} errors={errors} />
        <section aria-labelledby="posts-heading">
          <h2 id="posts-heading">Posts ({detailed.length})</h2>
          {detailed.length === 0 ? (
            <p>No posts match.</p>
          ) : (
            <section class="table-wrap" aria-label="Posts" tabindex={0}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Sent</th>
                    <th scope="col">Post</th>
                    <th scope="col">Profile</th>
                    <th scope="col">Network</th>
                    <th scope="col">Status</th>
                    <th scope="col">Permalink or error</th>
                    <th scope="col">Figures</th>
                  </tr>
                </thead>
                <tbody>
                  {detailed.map((post) => {
                    const content = postContent(services, account.id, post);
                    return (
                      <tr>
                        <td>
                          <a
                            href={`/dashboard/history/${post.id}`}
                            aria-label={`Details of the ${post.platform} post sent ${formatTime(post.at, c.var.timeZone)}`}
                          >
                            <Time at={post.at} />
                          </a>
                        </td>
                        <td>
                          <PostSummary content={content} />
                        </td>
                        <td>{content.profileName ?? post.profile_id}</td>
                        <td>{post.platform}</td>
                        <td>
                          <span
                            class={`badge ${post.status === 'success' ? 'good' : post.status === 'failed' ? 'bad' : 'wait'}`}
                          >
                            {post.status}
                          </span>
                        </td>
                        <td>
                          {post.permalink ? <a href={post.permalink}>{post.permalink}</a> : null}
                          {post.error_message ? <div class="field-error">{post.error_message}</div> : null}
                        </td>
                        <td>
                          <FigureSummary post={post} />
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
