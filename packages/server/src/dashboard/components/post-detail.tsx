import type { PostOrScheduled, PostRecord, ScheduledPostRecord } from '@socialpub/core';
import type { PostContent } from '../../domain/posts/post-content.js';
import { Thumbnails } from './post-summary.js';
import { Time } from './time.js';

/** The post's text in full and its files, above the record's fields. */
function ContentCard(props: { content: PostContent }) {
  const { text, files, profileName } = props.content;
  return (
    <section class="card" aria-labelledby="content-heading">
      <h2 id="content-heading">Post</h2>
      <p class="muted">Profile: {profileName ?? 'a profile that no longer exists'}</p>
      {text ? <p class="post-text">{text}</p> : <p class="muted">No text was kept for this post.</p>}
      <Thumbnails files={files} large />
    </section>
  );
}

function Figures(props: { post: PostRecord }) {
  const figures = props.post.figures;
  if (!figures) {
    return <p>No figures: they are collected once a post has succeeded (every 6 hours for 7 days).</p>;
  }
  return (
    <>
      <p>
        Collected <Time at={figures.polled_at} /> (not live). Engagement {figures.engagement}.
      </p>
      <dl class="figures">
        {Object.entries(figures.metrics).map(([name, value]) => (
          <>
            <dt>{name}</dt>
            <dd>{value === null ? 'not reported' : value}</dd>
          </>
        ))}
      </dl>
      {figures.note ? <p class="hint">{figures.note}</p> : null}
    </>
  );
}

function PostFields(props: { post: PostRecord }) {
  const { post } = props;
  return (
    <>
      <dl class="figures card">
        <dt>Status</dt>
        <dd>
          {post.status} {post.done ? '(final)' : '(may still change)'}
        </dd>
        <dt>Network</dt>
        <dd>{post.platform}</dd>
        <dt>Sent</dt>
        <dd>
          <Time at={post.at} />
        </dd>
        <dt>Updated</dt>
        <dd>
          <Time at={post.updated_at} />
        </dd>
        <dt>Permalink</dt>
        <dd>{post.permalink ? <a href={post.permalink}>{post.permalink}</a> : '—'}</dd>
        <dt>Error</dt>
        <dd>{post.error_message ?? '—'}</dd>
        <dt>Post id</dt>
        <dd>
          <code>{post.id}</code>
        </dd>
        {post.scheduled_post_id ? (
          <>
            <dt>Scheduled post</dt>
            <dd>
              <a href={`/dashboard/history/${post.scheduled_post_id}`}>{post.scheduled_post_id}</a>
            </dd>
          </>
        ) : null}
      </dl>
      <section class="card" aria-labelledby="figures-heading">
        <h2 id="figures-heading">Figures</h2>
        <Figures post={post} />
      </section>
    </>
  );
}

function ScheduledFields(props: { post: ScheduledPostRecord }) {
  const { post } = props;
  return (
    <>
      <dl class="figures card">
        <dt>Outcome</dt>
        <dd>{post.outcome}</dd>
        <dt>Due</dt>
        <dd>
          <Time at={post.at} />
        </dd>
        <dt>Asked for</dt>
        <dd>
          <Time at={post.scheduled_for} />
        </dd>
        <dt>Networks</dt>
        <dd>{post.platforms.join(', ')}</dd>
        <dt>Note</dt>
        <dd>{post.note ?? '—'}</dd>
        <dt>Error</dt>
        <dd>{post.error_message ?? '—'}</dd>
      </dl>
      <section class="card" aria-labelledby="results-heading">
        <h2 id="results-heading">Results per network</h2>
        {(post.results ?? []).length === 0 ? (
          <p>Nothing has been sent yet.</p>
        ) : (
          <ul>
            {(post.results ?? []).map((result) => (
              <li>
                {result.platform}: {result.status}
                {result.post_id ? (
                  <>
                    {' '}
                    (<a href={`/dashboard/history/${result.post_id}`}>post</a>)
                  </>
                ) : null}
                {result.error_message ? ` — ${result.error_message}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** One post record or scheduled post record, as GET /posts/{id} answers it. */
export function PostDetail(props: { record: PostOrScheduled; content: PostContent }) {
  return (
    <>
      <p>
        <a href="/dashboard/history">Back to History</a> · <a href="/dashboard/scheduled">Scheduled</a>
      </p>
      <ContentCard content={props.content} />
      {props.record.kind === 'post' ? (
        <PostFields post={props.record} />
      ) : (
        <ScheduledFields post={props.record} />
      )}
    </>
  );
}
