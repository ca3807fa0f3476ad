import type { PostRecord } from '@socialpub/core';
import type { PostContent } from '../../domain/posts/post-content.js';
import { PostSummary } from '../components/post-summary.js';
import { Time } from '../components/time.js';
import {
  ANALYTICS_FIGURES,
  type AnalyticsData,
  type AnalyticsFigure,
  cellText,
  dayTableRows,
  type FigureTotals,
  figureOf,
  type Total,
} from './analytics-data.js';

/** A total in words: the number, "not reported" (never 0), or a dash without posts. */
export function TotalText(props: { total: Total | undefined }) {
  const text = cellText(props.total);
  if (text === '') return <span class="muted">—</span>;
  if (text === 'not reported') return <span class="muted">not reported</span>;
  return <>{Number(text).toLocaleString('en-US')}</>;
}

/** Every figure over the period: one line each, "not reported" where no network reported it. */
export function OverallTotals(props: { totals: FigureTotals }) {
  return (
    <dl class="totals">
      {ANALYTICS_FIGURES.map((name) => (
        <div>
          <dt>{name.replaceAll('_', ' ')}</dt>
          <dd data-figure={name}>
            <TotalText total={props.totals.figures[name]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The chart's numbers: one row per day with posts, one column per series, and the total. */
export function DayTable(props: { data: AnalyticsData; figure: AnalyticsFigure }) {
  const rows = dayTableRows(props.data).filter((row) => row.slice(1).some((cell) => cell !== ''));
  const headers = ['Day', ...props.data.series.map((s) => s.label), 'Total'];
  return (
    <section class="table-wrap" aria-label={`${props.figure} per day`} tabindex={0}>
      <table class="stack" id="day-table">
        <caption class="muted">
          {props.figure.replaceAll('_', ' ')} per day of publishing; days without posts are left out
        </caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th scope="col">{header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([day, ...cells]) => (
            <tr>
              <th scope="row" data-label="Day">
                {day}
              </th>
              {cells.map((cell, index) => (
                <td data-label={headers[index + 1]}>{cell === '' ? '—' : cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Totals of every figure per network or per profile. */
export function GroupTable(props: { label: string; groups: AnalyticsData['byNetwork'] }) {
  return (
    <section class="table-wrap" aria-label={`Figures by ${props.label}`} tabindex={0}>
      <table class="stack">
        <thead>
          <tr>
            <th scope="col">{props.label[0]?.toUpperCase() + props.label.slice(1)}</th>
            <th scope="col">Posts</th>
            {ANALYTICS_FIGURES.map((name) => (
              <th scope="col">{name.replaceAll('_', ' ')}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.groups.map((group) => (
            <tr data-group={group.key}>
              <th scope="row" class="network-name" data-label={props.label}>
                {group.label}
              </th>
              <td data-label="Posts">{group.totals.posts}</td>
              {ANALYTICS_FIGURES.map((name) => (
                <td data-label={name.replaceAll('_', ' ')} data-figure={name}>
                  <TotalText total={group.totals.figures[name]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The best posts by the chosen figure, each linking to its detail. */
export function BestPosts(props: {
  posts: PostRecord[];
  figure: AnalyticsFigure;
  contentOf: (post: PostRecord) => PostContent;
}) {
  if (props.posts.length === 0) {
    return <p>No post of this period has {props.figure.replaceAll('_', ' ')} reported.</p>;
  }
  return (
    <ol class="best-posts">
      {props.posts.map((post) => (
        <li class="card">
          <p class="actions">
            <strong>{(figureOf(post, props.figure) ?? 0).toLocaleString('en-US')}</strong>
            <span>{props.figure.replaceAll('_', ' ')}</span>
            <span class="network-name">{post.platform}</span>
            <a href={`/dashboard/history/${post.id}`}>
              Post sent <Time at={post.at} />
            </a>
          </p>
          <PostSummary content={props.contentOf(post)} />
        </li>
      ))}
    </ol>
  );
}
