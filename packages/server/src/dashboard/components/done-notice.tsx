import type { Context } from 'hono';
import { Notice } from './form-fields.js';

/**
 * After a change, pages redirect (303) back with `?done=<what>`; the page shows the matching
 * sentence. Only known keys are shown, so the address cannot put words on the page.
 */
export function DoneNotice(props: { c: Context; messages: Record<string, string> }) {
  const key = props.c.req.query('done');
  return <Notice message={key ? props.messages[key] : undefined} />;
}
