import { fileURLToPath } from 'node:url';
import { startChildServer } from './child-server.mjs';
import { load } from './load.mjs';

const bareHello = fileURLToPath(new URL('../servers/bare-hello.mjs', import.meta.url));
let measured = null;

/**
 * The bare Hono hello-world's requests per second, measured once per `node bench/run.mjs` and shared
 * by every section that compares against it (so all ratios of one run use the same baseline).
 */
export function bareHelloBaseline(duration) {
  measured ??= (async () => {
    const bare = await startChildServer(bareHello);
    try {
      return await load({ url: bare.info.url, duration });
    } finally {
      await bare.stop();
    }
  })();
  return measured;
}
