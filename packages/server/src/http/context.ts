import type { HttpBindings } from '@hono/node-server';
import type { Caller } from '../domain/api-keys.js';

/**
 * Hono environment of every route. Bindings exist only behind a real listener (`serve`);
 * through `app.request()` they are absent, hence Partial.
 */
export interface AppEnv {
  Bindings: Partial<HttpBindings> | undefined;
  Variables: {
    /** The account and key of an authenticated API request. */
    caller: Caller;
    /**
     * The caller's account clock when its key was checked: the one `now()` the request's
     * bookkeeping (the key's last use, the read limit) and a read's answer share.
     */
    callerNow: Date;
    /** `error.code` of the answer, for the request log. */
    errorCode: string;
    /** The one client address (http/client-address.ts): every per-address rule and the log read it. */
    clientAddress: string;
    /** `{base_url}` in the name this request used (http/own-names.ts); set before every route. */
    baseUrl: string;
  };
}
