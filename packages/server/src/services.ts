import type { PublishingService } from './domain/publishing/publishing-service.js';
import type { SharedServices } from './shared-services.js';

export type { SharedServices, UsageContributor } from './shared-services.js';

/** Every service of an app, built whole by `createServices`. */
export interface Services extends SharedServices {
  /** Both posts addresses, the dashboard's compose page, the connector and the scheduler share it. */
  readonly publishing: PublishingService;
}
