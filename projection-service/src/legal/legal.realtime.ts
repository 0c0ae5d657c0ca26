import { LEGAL_TEXTS_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { everyConsoleHears, type ChangePublisher } from '../realtime/change-publisher';
import { legalAcceptancesProjection, legalTextsProjection, type LegalAcceptanceDocument } from './legal.projection';

/**
 * A legal text changed (a version that asks for consent, a deletion) or was accepted (its acceptance count,
 * read from the ledger, changed): every open console hears it, since every member may read legal texts and
 * their consent screen follows; the accepting member's second tab lets them in too. The message names the
 * text and the position only.
 */
export const legalChangePublishers = (): ChangePublisher[] => [
  everyConsoleHears(collectionName(legalTextsProjection), LEGAL_TEXTS_COLLECTION),
  {
    collection: collectionName(legalAcceptancesProjection),
    publish: (change, hub) => {
      const doc = change.doc as LegalAcceptanceDocument | null;
      if (!doc) return Promise.resolve();
      hub.publishToConnected({ type: 'changed', collection: LEGAL_TEXTS_COLLECTION, id: doc.legal_text_id, doc: { position: change.event.position } });
      return Promise.resolve();
    },
  },
];
