import type { NetworkHealth } from '../../domain/network-health.js';

const WORDS: Record<NetworkHealth, { text: string; tone: string }> = {
  ready: { text: 'Ready', tone: 'good' },
  reconnect_required: { text: 'Reconnect required', tone: 'bad' },
  unknown: { text: 'Unknown', tone: 'wait' },
};

/** A connection's health in words (colour only repeats it). */
export function HealthBadge(props: { health: NetworkHealth }) {
  const word = WORDS[props.health] ?? WORDS.unknown;
  return <span class={`badge ${word.tone}`}>{word.text}</span>;
}
