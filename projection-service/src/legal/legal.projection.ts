import { eventOf, imprintEvents, legalConsentEvents, legalTextEvents } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

export const IMPRINT_ID = 'network';

/** The imprint as the edit form and the public page read it. */
export interface ImprintDocument extends ProjectedDocument {
  content: string;
  mail_imprint: string;
  show_newsletter_info: boolean;
  revision: number;
  updated_at: string;
}

export const imprintProjection: Projection<ImprintDocument> = {
  name: 'imprint',
  version: 1,
  eventTypes: imprintEvents.map((definition) => definition.type),
  documentIds: () => [IMPRINT_ID],
  evolve(doc, event) {
    // revisions count events: one seen already (a replay) is not counted twice
    if (doc && doc._position >= event.position) return doc;
    const imprint = eventOf(imprintEvents, event);
    if (!imprint) return doc;
    return { _id: IMPRINT_ID, ...imprint.data, revision: (doc?.revision ?? 0) + 1, updated_at: event.metadata.occurredAt };
  },
};

export interface LegalTextVersionEntry {
  version: number;
  created_at: string;
  html_text: string;
  requires_consent: boolean;
}

/**
 * A legal text with every version it had. A deleted text stays (deleted: true) so that the ledger keeps
 * naming what was accepted; lists and public pages leave it out.
 */
export interface LegalTextDocument extends ProjectedDocument {
  name: string;
  handle: string;
  statement: string;
  read_only: boolean;
  deleted: boolean;
  updated_at: string;
  /** events of this text so far: the revision its edit form is read at (the decider counts the same) */
  revision: number;
  current_version: number;
  consent_version: number | null;
  versions: LegalTextVersionEntry[];
}

export const legalTextsProjection: Projection<LegalTextDocument> = {
  name: 'legal_texts',
  // 2: no acceptance_count; it is counted from the ledger on read (every member's acceptance, from the
  // member's own consent stream, wrote the text's one document: on a partitioned bus every replica at once)
  version: 2,
  eventTypes: legalTextEvents.map((definition) => definition.type),
  documentIds: (event) => [(event.data as { legal_text_id: string }).legal_text_id],
  indexes: [['deleted', 'name'], ['handle']],
  evolve(doc, event, id) {
    // revisions count events: one seen already (a replay) is not counted twice
    if (doc && doc._position >= event.position) return doc;
    const changed = eventOf(legalTextEvents, event);
    if (!changed) return doc;
    const at = event.metadata.occurredAt;
    switch (changed.type) {
      case 'LegalTextCreated':
        return {
          _id: id,
          name: changed.data.name,
          handle: changed.data.handle,
          statement: changed.data.statement,
          read_only: changed.data.read_only,
          deleted: false,
          updated_at: at,
          revision: 1,
          current_version: 0,
          consent_version: null,
          versions: [],
        };
      case 'LegalTextEdited':
        return doc ? { ...doc, name: changed.data.name, handle: changed.data.handle, statement: changed.data.statement, updated_at: at, revision: doc.revision + 1 } : doc;
      case 'LegalTextVersionPublished': {
        if (!doc) return doc;
        const { version, html_text, requires_consent } = changed.data;
        return {
          ...doc,
          updated_at: at,
          revision: doc.revision + 1,
          current_version: version,
          consent_version: requires_consent ? version : doc.consent_version,
          versions: [...doc.versions.filter((entry) => entry.version !== version), { version, created_at: at, html_text, requires_consent }],
        };
      }
      case 'LegalTextDeleted':
        return doc ? { ...doc, deleted: true, updated_at: at } : doc;
    }
  },
};

/** One acceptance: the ledger, proven by the LegalTextAccepted event at `position`. Never removed. */
export interface LegalAcceptanceDocument extends ProjectedDocument {
  member_id: string;
  legal_text_id: string;
  version: number;
  accepted_at: string;
  position: number;
}

export const acceptanceId = (memberId: string, legalTextId: string, version: number): string => `${memberId}:${legalTextId}:${version}`;

export const legalAcceptancesProjection: Projection<LegalAcceptanceDocument> = {
  name: 'legal_acceptances',
  version: 1,
  eventTypes: legalConsentEvents.map((definition) => definition.type),
  documentIds: (event) => {
    const accepted = eventOf(legalConsentEvents, event);
    return accepted ? [acceptanceId(accepted.data.member_id, accepted.data.legal_text_id, accepted.data.version)] : [];
  },
  indexes: [['legal_text_id', 'position'], ['member_id', 'legal_text_id']],
  evolve(doc, event, id) {
    const accepted = eventOf(legalConsentEvents, event);
    // the first acceptance is the proof: a replay or a second one changes nothing
    if (!accepted || doc) return doc;
    return { _id: id, member_id: accepted.data.member_id, legal_text_id: accepted.data.legal_text_id, version: accepted.data.version, accepted_at: event.metadata.occurredAt, position: event.position };
  },
};
