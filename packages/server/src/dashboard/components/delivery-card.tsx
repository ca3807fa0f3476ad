import { countPostText, type Delivery, detectLinks, type FieldCount } from '@socialpub/core';
import { countLine } from './count-line.js';
import { Time } from './time.js';

/** X's timeline shows a post's first 280 characters, the rest behind "Show more". */
const X_TIMELINE_CHARS = 280;

/**
 * The post's counts against its network's limits, with the numbers the composer, the dry run and
 * the simulated network use (core's rule table). X's need twitter-text loaded: the page awaits
 * `prepareTextCounting('x')` before it renders an X card.
 */
export function countsOf(delivery: Delivery): FieldCount[] {
  return countPostText(delivery.platform, {
    text: delivery.text,
    options: delivery.options,
    postType: delivery.post_type,
  });
}

/** "Text length: 43 of 280 weighted characters", one line per count; an over-limit one is marked. */
function Counts(props: { counts: FieldCount[] }) {
  if (props.counts.length === 0) return null;
  return (
    <ul class="counts">
      {props.counts.map((count) => (
        <li class={count.ok ? 'muted' : 'field-error'}>
          {countLine(count)}
          {count.ok ? '' : ': sent with simulate.rules lenient'}
        </li>
      ))}
    </ul>
  );
}

const optionText = (options: Record<string, unknown>, name: string): string | null => {
  const value = options[name];
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
};

/** The first image of the post as a picture, or the files named. */
function Media(props: { delivery: Delivery; square?: boolean }) {
  const { media } = props.delivery;
  if (media.length === 0) return null;
  const shown = media.find((file) => file.kind === 'image' && file.url !== null);
  return (
    <div class={props.square ? 'card-media square' : 'card-media'}>
      {shown?.url ? (
        <img
          src={shown.url}
          alt={`The file attached to the ${props.delivery.platform} post`}
          loading="lazy"
        />
      ) : null}
      <p class="muted">
        {media.length} {media.length === 1 ? 'file' : 'files'}:{' '}
        {media.map((file) => `${file.kind}${file.type ? ` (${file.type})` : ''}`).join(', ')}
      </p>
    </div>
  );
}

/** What makes each network's post look like itself at a glance. */
export function NetworkPart(props: { delivery: Delivery; counts?: FieldCount[] }) {
  const { delivery } = props;
  const text = delivery.text ?? '';
  const options = delivery.options;
  const facts: Array<[string, string | null]> = [];
  switch (delivery.platform) {
    case 'x': {
      const link = detectLinks(text)[0];
      const over = (props.counts ?? countsOf(delivery)).some(
        (count) => count.rule === 'x.text.length' && !count.ok,
      );
      return (
        <>
          <p class="post-text">{over ? `${text.slice(0, X_TIMELINE_CHARS)}… Show more` : text}</p>
          {link ? (
            <p class="link-card">
              Link card: <span class="mono">{link}</span>
            </p>
          ) : null}
          <Media delivery={delivery} />
        </>
      );
    }
    case 'instagram':
      return (
        <>
          <Media delivery={delivery} square />
          <p class="post-text">
            <strong>{delivery.username ?? 'account'}</strong> {text}
          </p>
        </>
      );
    case 'youtube':
      facts.push(['Title', optionText(options, 'title')], ['Privacy', optionText(options, 'privacyStatus')]);
      break;
    case 'tiktok':
      facts.push(['Privacy level', optionText(options, 'privacyLevel')]);
      break;
    case 'pinterest':
      facts.push(['Board', optionText(options, 'boardId') ?? optionText(options, 'board')]);
      facts.push(['Title', optionText(options, 'title')], ['Link', optionText(options, 'link')]);
      break;
    case 'skool':
      facts.push(['Group', optionText(options, 'group')], ['Title', optionText(options, 'title')]);
      facts.push(['Label', optionText(options, 'label')]);
      break;
    default:
      facts.push(['First comment', optionText(options, 'firstComment')]);
  }
  const shown = facts.filter((fact): fact is [string, string] => fact[1] !== null);
  return (
    <>
      {shown.length > 0 ? (
        <dl class="figures">
          {shown.map(([name, value]) => (
            <>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </>
          ))}
        </dl>
      ) : null}
      <Media delivery={delivery} />
      {text ? <p class="post-text">{text}</p> : <p class="muted">No text</p>}
    </>
  );
}

/** One delivery as its network would show it at a glance, with when, where and its links. */
export function DeliveryCard(props: { delivery: Delivery; profileName: string | null }) {
  const { delivery } = props;
  const counts = countsOf(delivery);
  return (
    <article class={`card delivery ${delivery.platform}`} aria-label={`${delivery.platform} delivery`}>
      <header class="delivery-head">
        <strong class="network-name">{delivery.platform}</strong>
        <span class="muted">
          {delivery.username ? `@${delivery.username}` : ''} · {props.profileName ?? 'a removed profile'} ·{' '}
          <Time at={delivery.at} />
        </span>
      </header>
      <NetworkPart delivery={delivery} counts={counts} />
      <Counts counts={counts} />
      <p class="actions">
        <a href={`/dashboard/history/${delivery.post_id}`}>Post record ({delivery.status})</a>
        {delivery.permalink ? (
          <a href={delivery.permalink}>Permalink</a>
        ) : (
          <span class="muted">No permalink yet</span>
        )}
      </p>
    </article>
  );
}
