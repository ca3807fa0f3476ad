import { createContext, useContext } from 'hono/jsx';
import { formatInZone, formatUtc } from '../time-zone.js';

/** The zone of the page being rendered (the layout provides it; pages render synchronously). */
export const TimeZoneContext = createContext('UTC');

/** The zone every time on this page is written in; for components rendered inside the layout. */
export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}

const asDate = (at: string | Date): Date => (typeof at === 'string' ? new Date(at) : at);

/**
 * An instant in the person's zone, with UTC one hover away (`title`) and the instant itself in
 * `datetime` for machines: `<time datetime="2026-12-08T08:00:00.000Z" title="2026-12-08 08:00 UTC">`.
 */
export function Time(props: { at: string | Date | null | undefined; id?: string }) {
  const zone = useTimeZone();
  if (props.at === null || props.at === undefined) return <>—</>;
  const date = asDate(props.at);
  if (Number.isNaN(date.getTime())) return <>{String(props.at)}</>;
  return (
    <time id={props.id} datetime={date.toISOString()} title={formatUtc(date)}>
      {formatInZone(date, zone)}
    </time>
  );
}
