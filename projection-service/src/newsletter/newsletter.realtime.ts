import { NEWSLETTER_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { ChangePublisher } from '../realtime/change-publisher';
import { newsletterProjection } from './newsletter.projection';

/**
 * The newsletter's schedule changed: every open console hears it (each member's settings page tells when
 * the newsletter goes out). The message names the position only; the console reads the schedule again.
 */
export const newsletterChangePublishers = (): ChangePublisher[] => [
  {
    collection: collectionName(newsletterProjection),
    publish: (change, hub) => {
      // the order, the template and the sent slots are the administrators' business
      if (change.event.type !== 'NewsletterSettingsChanged') return Promise.resolve();
      const message = { type: 'changed' as const, collection: NEWSLETTER_COLLECTION, id: 'network', doc: { position: change.event.position } };
      hub.publishToConnected(message);
      return Promise.resolve();
    },
  },
];
