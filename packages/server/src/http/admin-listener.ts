import type { Context } from 'hono';
import type { AppEnv } from './context.js';

/** Health and readiness answer on both listeners: a check may probe either. */
const ON_BOTH = new Set(['/health', '/ready']);

/**
 * SOCIALPUB_ADMIN_LISTEN: the admin API (`/admin/...`, its document included) and `/metrics`
 * answer only on their own loopback listener, and nothing else does there, so a proxy that
 * forwards everything to the public listener never exposes them. Which listener a request came in
 * on is its socket's local port. Without the setting both are served on the one listener.
 */
export class AdminListener {
  #port: number | null = null;

  constructor(readonly separate: boolean) {}

  /** Called once the admin listener has its port. */
  listening(port: number): void {
    this.#port = port;
  }

  get port(): number | null {
    return this.#port;
  }

  /** True when this request may not be answered on the listener it came in on (it gets 404). */
  misplaced(c: Context<AppEnv>, path: string): boolean {
    if (!this.separate || ON_BOTH.has(path)) return false;
    const onAdmin = this.#port !== null && c.env?.incoming?.socket?.localPort === this.#port;
    return onAdmin !== isAdminPath(path);
  }
}

export function isAdminPath(path: string): boolean {
  return path === '/metrics' || path === '/admin' || path.startsWith('/admin/');
}
