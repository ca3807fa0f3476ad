import { isApiError, LIMITS, type ScheduledPostRecord } from '@socialpub/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as z from 'zod';
import { cancelPost } from '../../domain/posts/cancel-post.js';
import { listPosts } from '../../domain/posts/list-posts.js';
import { postContent } from '../../domain/posts/post-content.js';
import type { Services } from '../../services.js';
import { DoneNotice } from '../components/done-notice.js';
import { FormProblem, TextField } from '../components/form-fields.js';
import { DAY_PATTERN, MONTH_PATTERN, MonthCalendar, monthKey } from '../components/month-calendar.js';
import { groupRows } from '../components/row-groups.js';
import { BulkCancelForm, ScheduledTable } from '../components/scheduled-table.js';
import { type DashboardEnv, renderErrorPage, renderPage, requireSignIn, signedIn } from '../session/index.js';
import { nextDay, startOfDay } from '../time-zone.js';

const ScheduledQuerySchema = z.object({
  month: z.string().regex(MONTH_PATTERN, 'Use a month as YYYY-MM.').optional(),
  day: z.string().regex(DAY_PATTERN, 'Use a day as YYYY-MM-DD.').optional(),
  cursor: z.string().max(2000).optional(),
  q: z
    .string()
    .max(
      LIMITS.pages.textSearchMaxLength,
      `Search for at most ${LIMITS.pages.textSearchMaxLength} characters.`,
    )
    .optional(),
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

const DONE = {
  cancelled: 'The scheduled post was cancelled; nothing was sent.',
  'bulk-cancelled': 'The picked scheduled posts were cancelled; nothing of them was sent.',
  'group-cancelled': 'The post was cancelled on every network; nothing of it was sent.',
};

/** A calendar day in the person's zone as the listing's time window. */
function dayWindow(day: string, zone: string): { from: string; to: string } {
  return { from: startOfDay(day, zone).toISOString(), to: startOfDay(nextDay(day), zone).toISOString() };
}

/**
 * GET /dashboard/scheduled: waiting, sending and failed scheduled posts with their text, profile and
 * files (GET /posts's own listing, 50 a page, searchable, or one calendar day), a month calendar, and
 * the cancels: one (POST /scheduled/{id}/cancel) or the picked ones (POST /scheduled, the list's own form), each
 * through DELETE /posts/{id}'s domain function.
 */
export function scheduledPage(services: Services): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.use('/scheduled', requireSignIn());
  page.use('/scheduled/*', requireSignIn());

  const show = (c: Context<DashboardEnv>, problem?: string) => {
    const { account } = signedIn(c);
    const query = ScheduledQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      return renderErrorPage(c, 400, 'Scheduled', query.error.issues[0]?.message ?? 'Bad address.');
    }
    const { day, q, cursor } = query.data;
    const month =
      query.data.month ??
      day?.slice(0, 7) ??
      monthKey(services.clocks.forAccount(account.id).now(), c.var.timeZone);
    const listed = listPosts(services, account.id, {
      kind: 'scheduled_post',
      limit: LIMITS.pages.dashboardRows,
      cursor,
      textContains: q,
      atWithin: day ? dayWindow(day, c.var.timeZone) : undefined,
    });
    const posts = listed.data.filter((post): post is ScheduledPostRecord => post.kind === 'scheduled_post');
    const contentOf = (post: ScheduledPostRecord) => postContent(services, account.id, post);
    const groups = services.repos.composerGroups.groupsOf(
      account.id,
      posts.map((post) => post.id),
    );
    const keep = new URLSearchParams({ month, ...(day ? { day } : {}), ...(q ? { q } : {}) });
    return renderPage(
      c,
      { title: day ? `Scheduled on ${day}` : 'Scheduled', status: problem ? 400 : 200 },
      <>
        <DoneNotice c={c} messages={DONE} />
        <FormProblem message={problem} />
        <p class="hint">Posts whose send failed are listed here; on Free the failure is also e-mailed.</p>
        <form method="get" action="/dashboard/scheduled" class="card">
          {day ? <input type="hidden" name="day" value={day} /> : null}
          <TextField name="q" label="Text contains" type="search" value={q ?? ''} />
          <button type="submit">Search</button>
          {day || q ? (
            <p>
              <a href="/dashboard/scheduled">Show every scheduled post</a>
            </p>
          ) : null}
        </form>
        {GROUPS.map((group) => {
          // Soonest due first: what goes out next is at the top.
          const inGroup = posts
            .filter((post) => group.outcomes.includes(post.outcome))
            .sort((a, b) => a.at.localeCompare(b.at));
          const rows = groupRows(inGroup, (post) => groups.get(post.id));
          const waiting = group.id === 'waiting';
          return (
            <section aria-labelledby={`${group.id}-heading`}>
              <h2 id={`${group.id}-heading`}>
                {group.title} ({rows.length})
              </h2>
              {inGroup.length === 0 ? (
                <p>{group.empty}</p>
              ) : (
                <>
                  <ScheduledTable
                    rows={rows}
                    contentOf={contentOf}
                    csrfToken={c.var.csrfToken}
                    cancellable={waiting}
                    label={`${group.title} scheduled posts`}
                  />
                  {waiting ? <BulkCancelForm csrfToken={c.var.csrfToken} /> : null}
                </>
              )}
            </section>
          );
        })}
        <p class="pager">
          {cursor ? <a href={`/dashboard/scheduled?${keep.toString()}`}>First page</a> : null}
          {listed.next_cursor ? (
            <a
              href={`/dashboard/scheduled?${keep.toString()}&cursor=${encodeURIComponent(listed.next_cursor)}`}
            >
              More scheduled posts
            </a>
          ) : null}
        </p>
        <MonthCalendar
          repos={services.repos}
          accountId={account.id}
          month={month}
          today={services.clocks.forAccount(account.id).now()}
        />
      </>,
    );
  };

  page.get('/scheduled', (c) => show(c));

  page.post('/scheduled', async (c) => {
    const { account } = signedIn(c);
    const form = await c.req.parseBody({ all: true });
    const picked = form['id'];
    // A picked row of a composer group carries its posts' ids joined by commas.
    const ids = (Array.isArray(picked) ? picked : picked === undefined ? [] : [picked])
      .filter((id): id is string => typeof id === 'string')
      .flatMap((id) => id.split(','))
      .filter((id) => id !== '');
    if (ids.length === 0) return show(c, 'Pick at least one waiting post to cancel.');
    if (ids.length > LIMITS.pages.dashboardRows) {
      return renderErrorPage(
        c,
        400,
        'Scheduled',
        `Pick at most ${LIMITS.pages.dashboardRows} posts at once.`,
      );
    }
    // Each through the API's own cancel; one that went out meanwhile is named, the others still go.
    const refused: string[] = [];
    for (const id of ids) {
      try {
        cancelPost(services, account.id, id);
      } catch (error) {
        if (!isApiError(error)) throw error;
        refused.push(error.message);
      }
    }
    if (refused.length > 0) {
      return renderErrorPage(
        c,
        409,
        'Scheduled',
        `${ids.length - refused.length} cancelled; ${refused.length} could not be: ${refused.join(' ')}`,
      );
    }
    return c.redirect(
      `/dashboard/scheduled?done=${form['what'] === 'group' ? 'group-cancelled' : 'bulk-cancelled'}`,
      303,
    );
  });

  page.post('/scheduled/:id/cancel', (c) => {
    cancelPost(services, signedIn(c).account.id, c.req.param('id'));
    return c.redirect('/dashboard/scheduled?done=cancelled', 303);
  });

  return page;
}
