import type { ScheduledPostRecord } from '@socialpub/core';
import type { PostContent } from '../../domain/posts/post-content.js';
import { CsrfField } from '../session/index.js';
import { formatTime } from './format.js';
import { PostSummary } from './post-summary.js';
import type { RowGroup } from './row-groups.js';
import { Time, useTimeZone } from './time.js';

/** The form the Waiting table's checkboxes belong to (`form=` attribute: forms cannot nest). */
const BULK_CANCEL_FORM = 'bulk-cancel';

/** One network of a row: its outcome, its refusal, and its own Cancel when the row holds several. */
function Member(props: { post: ScheduledPostRecord; csrfToken: string; cancellable: boolean; due: string }) {
  const { post } = props;
  const platform = post.platforms.join(', ');
  return (
    <li>
      <a href={`/dashboard/history/${post.id}`} class="network-name">
        {platform}
      </a>{' '}
      <span class="muted">{post.outcome}</span>
      {post.error_message ? <div class="field-error">{post.error_message}</div> : null}
      {props.cancellable ? (
        <form
          method="post"
          action={`/dashboard/scheduled/${post.id}/cancel`}
          class="inline"
          data-confirm={`Cancel the ${platform} post? Nothing will be sent there.`}
        >
          <CsrfField token={props.csrfToken} />{' '}
          <button
            type="submit"
            class="link-button cancel-one"
            aria-label={`Cancel only ${platform} of the post due ${props.due}`}
          >
            Cancel {platform} only
          </button>
        </form>
      ) : null}
    </li>
  );
}

/** The row's own cancel: one post, or every waiting network of a composer group at once. */
function CancelRow(props: { posts: ScheduledPostRecord[]; csrfToken: string; due: string }) {
  const [only] = props.posts;
  if (props.posts.length === 1 && only) {
    return (
      <form
        method="post"
        action={`/dashboard/scheduled/${only.id}/cancel`}
        data-confirm="Cancel this scheduled post? Nothing will be sent."
      >
        <CsrfField token={props.csrfToken} />
        <button type="submit" class="danger" aria-label={`Cancel the post due ${props.due}`}>
          Cancel
        </button>
      </form>
    );
  }
  return (
    <form
      method="post"
      action="/dashboard/scheduled"
      data-confirm={`Cancel this post on all ${props.posts.length} networks? Nothing will be sent.`}
    >
      <CsrfField token={props.csrfToken} />
      <input type="hidden" name="what" value="group" />
      {props.posts.map((post) => (
        <input type="hidden" name="id" value={post.id} />
      ))}
      <button type="submit" class="danger" aria-label={`Cancel the post due ${props.due} on every network`}>
        Cancel all
      </button>
    </form>
  );
}

/**
 * A group of scheduled posts, one row per composer post (its networks listed in the row). Waiting
 * rows can be picked for a bulk cancel, cancelled whole, or one network at a time. On phones the
 * rows become cards (the stylesheet's `table.stack`), so no button is ever off screen.
 */
export function ScheduledTable(props: {
  rows: RowGroup<ScheduledPostRecord>[];
  contentOf: (post: ScheduledPostRecord) => PostContent;
  csrfToken: string;
  cancellable: boolean;
  label: string;
}) {
  const zone = useTimeZone();
  return (
    <section class="table-wrap" aria-label={props.label} tabindex={0}>
      <table class="stack">
        <thead>
          <tr>
            {props.cancellable ? <th scope="col">Pick</th> : null}
            <th scope="col">Due</th>
            <th scope="col">Post</th>
            <th scope="col">Profile</th>
            <th scope="col">Networks</th>
            <th scope="col">Note</th>
            {props.cancellable ? <th scope="col">Cancel</th> : null}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => {
            const [first] = row.items;
            if (!first) return null;
            const content = props.contentOf(first);
            const due = formatTime(first.at, zone);
            const several = row.items.length > 1;
            return (
              <tr data-group={several ? row.key : undefined}>
                {props.cancellable ? (
                  <td data-label="Pick">
                    <input
                      type="checkbox"
                      name="id"
                      value={row.items.map((post) => post.id).join(',')}
                      form={BULK_CANCEL_FORM}
                      aria-label={`Pick the post due ${due}`}
                    />
                  </td>
                ) : null}
                <td data-label="Due">
                  <a href={`/dashboard/history/${first.id}`} aria-label={`Details of the post due ${due}`}>
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
                      .sort((a, b) => a.platforms.join().localeCompare(b.platforms.join()))
                      .map((post) => (
                        <Member
                          post={post}
                          csrfToken={props.csrfToken}
                          cancellable={props.cancellable && several}
                          due={due}
                        />
                      ))}
                  </ul>
                </td>
                <td data-label="Note">{first.note ?? '—'}</td>
                {props.cancellable ? (
                  <td data-label="Cancel">
                    <CancelRow posts={row.items} csrfToken={props.csrfToken} due={due} />
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** The bulk cancel's own form; its checkboxes sit in the Waiting table. */
export function BulkCancelForm(props: { csrfToken: string }) {
  return (
    <form
      id={BULK_CANCEL_FORM}
      method="post"
      action="/dashboard/scheduled"
      data-confirm="Cancel every picked scheduled post? Nothing of them will be sent."
      data-needs-pick="id"
      class="actions"
    >
      <CsrfField token={props.csrfToken} />
      <button type="submit" class="danger">
        Cancel picked posts
      </button>
      <span class="field-error" data-pick-problem hidden>
        Pick at least one post first.
      </span>
    </form>
  );
}
