import type { Delivery } from '@socialpub/core';
import type { DeliveryRecord } from '../../db/deliveries-repo.js';
import type { DomainDeps } from '../domain-deps.js';
import { publicFileUrl } from '../media/media-status.js';

const DELIVERY_ID = /^dlv_([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/;

/** A delivery is named after its post record: one record, at most one delivery. */
function deliveryId(postId: string): string {
  return `dlv_${postId.replaceAll('-', '').toLowerCase()}`;
}

/** The post record id a delivery id names, or null when it is not a delivery id at all. */
export function postIdOfDelivery(id: string): string | null {
  const match = DELIVERY_ID.exec(id.toLowerCase());
  return match ? match.slice(1).join('-') : null;
}

/** The answer of the admin API (and what the dashboard's inbox shows). */
export function deliveryView(services: Pick<DomainDeps, 'repos' | 'urls'>, record: DeliveryRecord): Delivery {
  const { mediaFiles } = services.repos;
  return {
    id: deliveryId(record.postId),
    account_id: record.accountId,
    profile_id: record.profileId,
    platform: record.platform,
    username: record.username,
    post_id: record.postId,
    scheduled_post_id: record.scheduledPostId,
    text: record.text,
    media: record.media.map((file) => {
      // A library file is linked while the library keeps it; a named address is shown as sent.
      const kept = file.fileId === null ? null : mediaFiles.getForAccount(record.accountId, file.fileId);
      const url =
        kept?.status === 'ready'
          ? publicFileUrl(services.urls.base, kept)
          : file.fileId === null
            ? file.url
            : null;
      return {
        kind: file.kind,
        type: file.type,
        size: file.size,
        width: file.width,
        height: file.height,
        duration_seconds: file.durationSeconds,
        file_id: file.fileId,
        url,
      };
    }),
    options: record.options,
    post_type: record.postType,
    publish_id: record.publishId,
    permalink: record.permalink,
    status: record.status,
    at: record.at,
  };
}
