import { systemSleep } from '../../networks/index.js';
import type { Services } from '../../services.js';
import { PublishingService } from './publishing-service.js';
import { PublishingStore } from './publishing-store.js';

const services_ = new WeakMap<Services, PublishingService>();

/**
 * The one PublishingService of an app: both posts addresses and the scheduler share it (the
 * scheduler calls `sendScheduled` for due posts). Kept beside Services rather than in it.
 */
export function publishingFor(services: Services): PublishingService {
  let found = services_.get(services);
  if (found === undefined) {
    found = new PublishingService({
      services,
      store: new PublishingStore(services.repos),
      sleep: systemSleep,
    });
    services_.set(services, found);
    // Publishes waiting for their turn's commit are written before the database closes.
    services.onClose.push(() => services.repos.postRecords.flushPending());
  }
  return found;
}
