import type { PostStatus } from '@socialpub/core';
import type { StoredDelivery, StoredDeliveryMedia } from '../../db/deliveries-repo.js';
import type { PublishInput, PublishMediaFile } from '../../networks/index.js';

/** What of a send the network inbox keeps: exactly what the driver was handed. */
export type DeliveredSend = Pick<PublishInput, 'text' | 'media' | 'options' | 'postType'>;

/** A record in these states is a post the network took; `failed` and `timeout` were never received. */
function networkAccepted(status: PostStatus): boolean {
  return status === 'success' || status === 'processing';
}

function mediaOf(file: PublishMediaFile): StoredDeliveryMedia {
  return {
    kind: file.kind,
    type: file.type,
    size: file.size,
    width: file.width ?? null,
    height: file.height ?? null,
    durationSeconds: null,
    fileId: file.file_id ?? null,
    url: file.url ?? null,
  };
}

/**
 * The delivery a post record carries when its network accepted the send (`keep` off: none, the
 * benchmark's baseline). Built from the driver's input, after the API's own per-network handling.
 */
export function deliveryOf(keep: boolean, status: PostStatus, send: DeliveredSend): StoredDelivery | null {
  if (!keep || !networkAccepted(status)) return null;
  return {
    text: send.text,
    media: send.media.map(mediaOf),
    options: send.options,
    postType: send.postType,
  };
}
