import { createContext, useContext } from 'hono/jsx';

let settled = false;

/**
 * Makes hono/jsx render pages without an AsyncLocalStorage. hono/jsx looks for one once, on its
 * first context read, and runs every later render inside it; on Node 20 the first `run` of an
 * AsyncLocalStorage turns V8's promise hooks on for the life of the process, so every API request's
 * promises paid for them after the first page. Our pages are synchronous components that read no
 * context across an `await`, which hono/jsx's own fallback (a store held during the synchronous
 * render) serves exactly. So the one look happens here, before any page, with the two places it
 * looks hidden for that synchronous moment. Call before the first render; later calls do nothing.
 */
export function renderPagesSynchronously(): void {
  if (settled) return;
  settled = true;
  const host = process as unknown as Record<string, unknown>;
  const hidden = ['getBuiltinModule', 'mainModule'] as const;
  const saved = hidden.map((name) => Object.getOwnPropertyDescriptor(host, name));
  try {
    for (const name of hidden) Object.defineProperty(host, name, { value: undefined, configurable: true });
    useContext(createContext(''));
  } finally {
    hidden.forEach((name, i) => {
      const descriptor = saved[i];
      if (descriptor === undefined) delete host[name];
      else Object.defineProperty(host, name, descriptor);
    });
  }
}
