import type { ScheduledPostRecord } from '@socialpub/core';
import type { PostContent } from '../../domain/posts/post-content.js';
import { CsrfField } from '../session/index.js';
import { formatTime } from './format.js';
import { PostSummary } from './post-summary.js';
import { Time, useTimeZone } from './time.js';

/** The form the Waiting table's checkboxes belong to (`form=` attribute: forms cannot nest). */
const BULK_CANCEL_FORM = 'bulk-cancel';

/** A group of scheduled posts; waiting ones can be picked for a bulk cancel or cancelled one by one. */
export function ScheduledTable(props: {
  posts: ScheduledPostRecord[];
  contentOf: (post: ScheduledPostRecord) => PostContent;
  csrfToken: string;
  cancellable: boolean;
  label: string;
}) {
  const zone = useTimeZone();
  return (
    <section class="table-wrap" aria-label={props.label} tabindex={0}>
      <table>
        <thead>
          <tr>
            {props.cancellable ? <th scope="col">Pick</th> : null}
            <th scope="col">Due</th>
            <th scope="col">Post</th>
            <th scope="col">Profile</th>
            <th scope="col">Networks</th>
            <th scope="col">Outcome</th>
            <th scope="col">Note</th>
            {props.cancellable ? <th scope="col">Cancel</th> : null}
          </tr>
        </thead>
        <tbody>
          {props.posts.map((post) => {
            const content = props.contentOf(post);
            const due = formatTime(post.at, zone);
            return (
              <tr>
                {props.cancellable ? (
                  <td>
                    <input
                      type="checkbox"
                      name="id"
                      value={post.id}
                      form={BULK_CANCEL_FORM}
                      aria-label={`Pick the post due ${due}`}
                    />
                  </td>
                ) : null}
                <td>
                  <a href={`/dashboard/history/${post.id}`} aria-label={`Details of the post due ${due}`}>
                    <Time at={post.at} />
                  </a>
                </td>
                <td>
                  <PostSummary content={content} />
                </td>
                <td>{content.profileName ?? post.profile_id}</td>
                <td>{post.platforms.join(', ')}</td>
                <td>
                  {post.outcome}
                  {post.error_message ? <div class="field-error">{post.error_message}</div> : null}
                </td>
                <td>{post.note ?? '—'}</td>
                {props.cancellable ? (
                  <td>
                    <form
                      method="post"
                      action={`/dashboard/scheduled/${post.id}/cancel`}
                      data-confirm="Cancel this scheduled post? Nothing will be sent."
                    >
                      <CsrfField token={props.csrfToken} />
                      <button type="submit" class="danger" aria-label={`Cancel the post due ${due}`}>
                        Cancel
                      </button>
                    </form>
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
      class="actions"
    >
      <CsrfField token={props.csrfToken} />
      <button type="submit" class="danger">
        Cancel picked posts
      </button>
    </form>
  );
}
