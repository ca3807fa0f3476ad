import { LIMITS, type ScheduledPostRecord } from '@socialpub/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { cancelPost } from '../../domain/posts/cancel-post.js';
import { listPosts } from '../../domain/posts/list-posts.js';
import type { Services } from '../../services.js';
import { DoneNotice } from '../components/done-notice.js';
import { formatTime } from '../components/format.js';
import { MONTH_PATTERN, MonthCalendar, monthKey } from '../components/month-calendar.js';
import {
  CsrfField,
  type DashboardEnv,
  renderErrorPage,
  renderPage,
  requireSignIn,
  signedIn,
} from '../session/index.js';

const ScheduledQuerySchema = z.object({
  month: z.string().regex(MONTH_PATTERN, 'Use a month as YYYY-MM.').optional(),
  cursor: z.string().max(2000).optional(),
});

const GROUPS: ReadonlyArray<{ id: string; title: string; outcomes: readonly string[]; empty: string }> = [
  { id: 'waiting', title: 'Waiting', outcomes: ['waiting'], empty: 'Nothing is waiting.' },
  { id: 'sending', title: 'Sending', outcomes: ['sending'], empty: 'Nothing is being sent.' },
  {
    id: 'failed',
    title: 'Failed or unconfirmed',
    outcomes: ['failed', 'partly_failed', 'unconfirmed'],
    empty: 'No failed scheduled posts.',
  },
];

function ScheduledTable(props: {
  posts: ScheduledPostRecord[];
  csrfToken: string;
  cancellable: boolean;
  label: string;
}) {
  return (
    <section class="table-wrap" aria-label={props.label} tabindex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">Due</th>
            <th scope="col">Networks</th>
            <th scope="col">Outcome</th>
            <th scope="col">Note</th>
            <th scope="col">Details</th>
            {props.cancellable ? <th scope="col">Cancel</th> : null}
          </tr>
        </thead>
        <tbody>
          {props.posts.map((post) => (
            <tr>
              <td>{formatTime(post.at)}</td>
              <td>{post.platforms.join(', ')}</td>
              <td>
                {post.outcome}
                {post.error_message ? <div class="field-error">{post.error_message}</div> : null}
              </td>
              <td>{post.note ?? '—'}</td>
              <td>
                <a
                  href={`/dashboard/history/${post.id}`}
                  aria-label={`Details of the post due ${formatTime(post.at)}`}
                >
                  Details
                </a>
              </td>
              {props.cancellable ? (
                <td>
                  <form
                    method="post"
                    action={`/dashboard/scheduled/${post.id}/cancel`}
                    data-confirm="Cancel this scheduled post? Nothing will be sent."
                  >
                    <CsrfField token={props.csrfToken} />
                    <button
                      type="submit"
                      class="danger"
                      aria-label={`Cancel the post due ${formatTime(post.at)}`}
                    >
                      Cancel
                    </button>
                  </form>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * GET /dashboard/scheduled: waiting, sending and failed scheduled posts (GET /posts's own listing),
 * a month calendar, and POST /scheduled/{id}/cancel (DELETE /posts/{id}'s domain function).
 */
export function scheduledPage(services: Services): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.use('/scheduled', requireSignIn());
  page.use('/scheduled/*', requireSignIn());

  page.get('/scheduled', (c) => {
    const { account } = signedIn(c);
    const query = ScheduledQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      return renderErrorPage(c, 400, 'Scheduled', query.error.issues[0]?.message ?? 'Bad address.');
    }
    const month = query.data.month ?? monthKey(services.clocks.forAccount(account.id).now());
    const listed = listPosts(services, account.id, {
      kind: 'scheduled_post',
      limit: LIMITS.pages.maxLimit,
      cursor: query.data.cursor,
    });
    const posts = listed.data.filter((post): post is ScheduledPostRecord => post.kind === 'scheduled_post');
    return renderPage(
      c,
      { title: 'Scheduled' },
      <>
        <DoneNotice c={c} messages={{ cancelled: 'The scheduled post was cancelled; nothing was sent.' }} />
        <p class="hint">
          Times are UTC. Posts whose send failed are listed here; on Free the failure is also e-mailed.
        </p>
        {GROUPS.map((group) => {
          // Soonest due first: what goes out next is at the top.
          const inGroup = posts
            .filter((post) => group.outcomes.includes(post.outcome))
            .sort((a, b) => a.at.localeCompare(b.at));
          return (
            <section aria-labelledby={`${group.id}-heading`}>
              <h2 id={`${group.id}-heading`}>
                {group.title} ({inGroup.length})
              </h2>
              {inGroup.length === 0 ? (
                <p>{group.empty}</p>
              ) : (
                <ScheduledTable
                  posts={inGroup}
                  csrfToken={c.var.csrfToken}
                  cancellable={group.id === 'waiting'}
                  label={`${group.title} scheduled posts`}
                />
              )}
            </section>
          );
        })}
        {listed.next_cursor ? (
          <p>
            <a href={`/dashboard/scheduled?cursor=${encodeURIComponent(listed.next_cursor)}&month=${month}`}>
              Older scheduled posts
            </a>
          </p>
        ) : null}
        <MonthCalendar repos={services.repos} accountId={account.id} month={month} />
      </>,
    );
  });

  page.post('/scheduled/:id/cancel', (c) => {
    cancelPost(services, signedIn(c).account.id, c.req.param('id'));
    return c.redirect('/dashboard/scheduled?done=cancelled', 303);
  });

  return page;
}
