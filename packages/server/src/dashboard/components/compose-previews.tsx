import type { Delivery, FieldCount, Platform } from '@socialpub/core';
import { countLine } from './count-line.js';
import { NetworkPart } from './delivery-card.js';

/** One network's preview: the post as the network inbox would show it, and its counts. */
export interface ComposePreview {
  delivery: Delivery;
  counts: FieldCount[];
  shown: boolean;
}

/** The counts of one network against its limits (the script rewrites them as the person types). */
export function CountList(props: { platform: Platform; counts: FieldCount[] }) {
  return (
    <ul class="counts" data-counts={props.platform} aria-live="polite">
      {props.counts.map((count) => (
        <li class={count.ok ? 'count' : 'count over'} data-rule={count.rule}>
          {countLine(count)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A card per connected network of the profile, drawn by the network inbox's own card parts, each
 * with its counts from core's rule table. Only the picked networks' cards show; the script shows
 * and hides them as networks are picked and refreshes them as the person types.
 */
export function ComposePreviews(props: { previews: ComposePreview[] }) {
  const anyShown = props.previews.some((preview) => preview.shown);
  return (
    <section class="previews" id="previews" aria-labelledby="previews-heading">
      <h2 id="previews-heading">Previews</h2>
      <p class="hint" data-previews-empty hidden={anyShown}>
        Pick a network to see how it will show the post and how its limits count the text.
      </p>
      {props.previews.map(({ delivery, counts, shown }) => (
        <article
          class={`card delivery preview ${delivery.platform}`}
          aria-label={`${delivery.platform} preview`}
          data-preview={delivery.platform}
          hidden={!shown}
        >
          <header class="delivery-head">
            <strong class="network-name">{delivery.platform}</strong>
            <span class="muted">{delivery.username ? `@${delivery.username}` : ''} · how it will look</span>
          </header>
          <NetworkPart delivery={delivery} counts={counts} />
          <CountList platform={delivery.platform} counts={counts} />
        </article>
      ))}
    </section>
  );
}
