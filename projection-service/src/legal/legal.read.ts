import type { LegalAcceptanceDto, LegalTextDto, PendingConsentDto } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore, Filter } from '@cn/platform';
import { displayNameOf } from '../members/member-dto';
import { membersCollection } from '../members/members.read';
import {
  imprintProjection,
  legalAcceptancesProjection,
  legalTextsProjection,
  type ImprintDocument,
  type LegalAcceptanceDocument,
  type LegalTextDocument,
} from './legal.projection';

export const imprintCollection = (store: DocumentStore) => store.collection<ImprintDocument>(collectionName(imprintProjection));
export const legalTextsCollection = (store: DocumentStore) => store.collection<LegalTextDocument>(collectionName(legalTextsProjection));
export const legalAcceptancesCollection = (store: DocumentStore) => store.collection<LegalAcceptanceDocument>(collectionName(legalAcceptancesProjection));

export const currentHtml = (doc: LegalTextDocument): string => doc.versions.find((entry) => entry.version === doc.current_version)?.html_text ?? '';

/**
 * The texts as the administration reads them, each with its acceptances counted from the ledger (one
 * document per acceptance, indexed by text): no document that every member's acceptance writes.
 */
export const toLegalTextDtos = async (store: DocumentStore, docs: readonly LegalTextDocument[]): Promise<LegalTextDto[]> => {
  const acceptances = legalAcceptancesCollection(store);
  return Promise.all(docs.map(async (doc) => toLegalTextDto(doc, await acceptances.count({ legal_text_id: doc._id }))));
};

const toLegalTextDto = (doc: LegalTextDocument, acceptanceCount: number): LegalTextDto => ({
  id: doc._id,
  name: doc.name,
  handle: doc.handle,
  statement: doc.statement,
  read_only: doc.read_only,
  updated_at: doc.updated_at,
  revision: doc.revision,
  text: currentHtml(doc),
  current_version: doc.current_version,
  consent_version: doc.consent_version,
  acceptance_count: acceptanceCount,
  versions: [...doc.versions].sort((a, b) => b.version - a.version),
});

export const liveLegalTexts = (store: DocumentStore): Promise<LegalTextDocument[]> =>
  legalTextsCollection(store).find({ deleted: false }, { sort: [['name', 1], ['_id', 1]] });

export const findLegalTextByHandle = async (store: DocumentStore, handle: string): Promise<LegalTextDocument | null> =>
  (await legalTextsCollection(store).find({ handle, deleted: false }, { limit: 1 }))[0] ?? null;

/**
 * What a member has yet to accept: per live text that asks for consent, its current version, unless the
 * member accepted the version that asked or a later one.
 */
export const pendingConsentsOf = async (store: DocumentStore, memberId: string): Promise<PendingConsentDto[]> => {
  const texts = (await liveLegalTexts(store)).filter((doc) => doc.consent_version !== null);
  if (texts.length === 0) return [];
  const accepted = await legalAcceptancesCollection(store).find({ member_id: memberId });
  return texts
    .filter((doc) => !accepted.some((entry) => entry.legal_text_id === doc._id && entry.version >= (doc.consent_version ?? 0)))
    .map((doc) => ({ legal_text_id: doc._id, name: doc.name, handle: doc.handle, statement: doc.statement, version: doc.current_version, html_text: currentHtml(doc) }));
};

export const acceptanceFilterOf = (filter: Record<string, unknown>): Filter => ({
  ...(typeof filter.legal_text_id === 'string' ? { legal_text_id: filter.legal_text_id } : {}),
  ...(typeof filter.member_id === 'string' ? { member_id: filter.member_id } : {}),
});

/** The ledger's rows with the names they show (a member's display name, never an address or a secret). */
export const toAcceptanceDtos = async (store: DocumentStore, docs: readonly LegalAcceptanceDocument[]): Promise<LegalAcceptanceDto[]> => {
  const textIds = [...new Set(docs.map((doc) => doc.legal_text_id))];
  const memberIds = [...new Set(docs.map((doc) => doc.member_id))];
  const [texts, members] = await Promise.all([
    textIds.length ? legalTextsCollection(store).find({ _id: { $in: textIds } }) : Promise.resolve([]),
    memberIds.length ? membersCollection(store).find({ _id: { $in: memberIds } }) : Promise.resolve([]),
  ]);
  const textName = new Map(texts.map((text) => [text._id, text.name]));
  const memberName = new Map(members.map((member) => [member._id, displayNameOf(member)]));
  return docs.map((doc) => ({
    id: doc._id,
    legal_text_id: doc.legal_text_id,
    legal_text_name: textName.get(doc.legal_text_id) ?? '',
    version: doc.version,
    member_id: doc.member_id,
    member_name: memberName.get(doc.member_id) ?? '',
    accepted_at: doc.accepted_at,
    position: doc.position,
  }));
};
